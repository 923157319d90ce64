import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import pg from 'pg';
import {
  createAdmin,
  createPostViaApi,
  createThreadAs,
  currentUserId,
  expect,
  expectHydrated,
  expectToast,
  loginViaApi,
  registerViaApi,
  screenshot,
  test,
  uniqueUsername,
} from './fixtures.js';

// Sealed authorship in the browser (CONTRACT.md sections 4 and 13, issue 27): an anonymous
// thread or reply is its author's alone to recognise. The author sees it marked 'You',
// deletes it, finds it on their own profile and Activity tab, from any sign-in; others,
// admins included, see 'Anonymous' and no way to the account; admins keep their tools.

const PASSWORD = 'secret pass';

async function csrf(page: Page): Promise<string> {
  return (await page.request.get('/api/user')).headers()['x-csrf-token'] ?? '';
}

/** A signed (not anonymous) reply through the API as the page's user; answers its id. */
async function signedReply(page: Page, threadId: number, content: string): Promise<number> {
  const response = await page.request.post('/api/posts', { data: { threadId, content, isAnonymous: false }, headers: { 'X-CSRF-Token': await csrf(page) } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function rename(page: Page, userId: number, username: string): Promise<void> {
  const response = await page.request.patch(`/api/users/${userId}`, { data: { username }, headers: { 'X-CSRF-Token': await csrf(page) } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The 8 characters of the poster ID badge inside `scope`. */
async function posterIdIn(scope: Locator): Promise<string> {
  const badge = scope.getByRole('button', { name: /^ID \S{8}/ });
  await expect(badge).toBeVisible();
  return (await badge.getAttribute('aria-label'))!.slice(3, 11);
}

/** The statement run on the e2e server's embedded PostgreSQL (its port and password in DATA_DIR). */
async function sql(text: string, values: unknown[]): Promise<void> {
  const dataDir = process.env.HUSHBOARD_E2E_DATA_DIR!;
  const port = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim();
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

test('anonymous writing is its author\'s alone to recognise; others and admins see Anonymous, admins keep their tools', { tag: '@desktop' }, async ({ page, browser }) => {
  test.setTimeout(120_000);
  const aName = uniqueUsername('sealA');
  await registerViaApi(page, aName, PASSWORD);
  const aId = await currentUserId(page);
  const title = `Sealed ${Date.now()}`;
  const threadId = await createThreadAs(page, 'g', title, true, 'An anonymous opening post by A.');
  const anonReply = await createPostViaApi(page, threadId, 'An anonymous reply by A');
  const namedReply = await signedReply(page, threadId, 'A named reply by A');

  const bContext = await browser.newContext();
  const b = await bContext.newPage();
  await registerViaApi(b, uniqueUsername('sealB'), PASSWORD);
  const adminName = uniqueUsername('sealMod');
  createAdmin(adminName);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginViaApi(admin, adminName);
  const aContext2 = await browser.newContext();
  const a2 = await aContext2.newPage();

  try {
    // A: the anonymous thread and reply are marked as theirs, and so is the named reply.
    await page.goto(`/thread/${threadId}`);
    const thread = page.getByRole('article', { name: title });
    const anon = page.locator(`#post-${anonReply}`);
    const named = page.locator(`#post-${namedReply}`);
    await expect(thread.getByText('Anonymous', { exact: true })).toBeVisible();
    await expect(thread.getByText('You', { exact: true })).toBeVisible();
    await expect(anon.getByRole('heading', { name: 'Anonymous' })).toBeVisible();
    await expect(anon.getByText('You', { exact: true })).toBeVisible();
    await expect(named.getByRole('link', { name: aName })).toBeVisible();
    await expect(named.getByText('You', { exact: true })).toBeVisible();
    await expect(thread.locator(`a[href="/users/${aId}"]`)).toHaveCount(0);
    await expect(anon.locator(`a[href="/users/${aId}"]`)).toHaveCount(0);
    // One poster ID for A's two anonymous items; none on the named reply (it would join them).
    const opId = await posterIdIn(thread);
    expect(await posterIdIn(anon)).toBe(opId);
    await expect(named.getByRole('button', { name: /^ID / })).toHaveCount(0);
    // A may delete both; no admin tools.
    await page.getByRole('button', { name: `Actions for post ${anonReply}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Delete Post' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Ban User' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Thread actions' }).click();
    await expect(page.getByRole('menuitem', { name: 'Delete Thread' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Ban User' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await screenshot(page, 'sealed-thread-as-author', '1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'sealed-thread-as-author', '375');
    await page.setViewportSize({ width: 1280, height: 800 });

    // B: 'Anonymous', no way to A's account, nothing marked as theirs, nothing to delete.
    await b.goto(`/thread/${threadId}`);
    const bThread = b.getByRole('article', { name: title });
    const bAnon = b.locator(`#post-${anonReply}`);
    await expect(bThread.getByText('Anonymous', { exact: true })).toBeVisible();
    await expect(bAnon.getByRole('heading', { name: 'Anonymous' })).toBeVisible();
    await expect(bThread.locator(`a[href="/users/${aId}"]`)).toHaveCount(0);
    await expect(bAnon.locator(`a[href="/users/${aId}"]`)).toHaveCount(0);
    await expect(b.locator('[data-own-content]')).toHaveCount(0);
    expect(await posterIdIn(bThread)).toBe(opId);
    expect(await posterIdIn(bAnon)).toBe(opId);
    await b.getByRole('button', { name: `Actions for post ${anonReply}` }).click();
    await expect(b.getByRole('menuitem', { name: 'Report' })).toBeVisible();
    await expect(b.getByRole('menuitem', { name: 'Delete Post' })).toHaveCount(0);
    await b.keyboard.press('Escape');

    // The admin: 'Anonymous' too, but Ban User (by the IP hash) and Delete on both.
    await admin.goto(`/thread/${threadId}`);
    const adminThread = admin.getByRole('article', { name: title });
    const adminAnon = admin.locator(`#post-${anonReply}`);
    await expect(adminThread.getByText('Anonymous', { exact: true })).toBeVisible();
    await expect(adminAnon.getByRole('heading', { name: 'Anonymous' })).toBeVisible();
    await expect(adminThread.locator(`a[href="/users/${aId}"]`)).toHaveCount(0);
    await expect(adminAnon.locator(`a[href="/users/${aId}"]`)).toHaveCount(0);
    await expect(admin.locator('[data-own-content]')).toHaveCount(0);
    await admin.getByRole('button', { name: `Actions for post ${anonReply}` }).click();
    await expect(admin.getByRole('menuitem', { name: 'Delete Post' })).toBeVisible();
    await admin.getByRole('menuitem', { name: 'Ban User' }).click();
    const ban = admin.getByRole('dialog', { name: 'Ban User' });
    await expect(ban.getByRole('textbox', { name: 'IP Hash' })).toHaveValue(/^\S{16,}$/);
    await admin.keyboard.press('Escape');
    await expect(ban).toHaveCount(0);
    await admin.getByRole('button', { name: 'Thread actions' }).click();
    await expect(admin.getByRole('menuitem', { name: 'Ban User' })).toBeVisible();
    await expect(admin.getByRole('menuitem', { name: 'Delete Thread' })).toBeVisible();
    await admin.keyboard.press('Escape');
    await screenshot(admin, 'sealed-thread-as-admin', '1280');
    await admin.setViewportSize({ width: 375, height: 812 });
    await screenshot(admin, 'sealed-thread-as-admin', '375');

    // A renames themselves: the named reply follows, the poster IDs do not move.
    const renamed = uniqueUsername('sealA2');
    await rename(page, aId, renamed);
    await b.reload();
    await expect(b.locator(`#post-${namedReply}`).getByRole('link', { name: renamed })).toBeVisible();
    expect(await posterIdIn(bThread)).toBe(opId);
    expect(await posterIdIn(bAnon)).toBe(opId);

    // A's profile as A: the anonymous thread and reply, marked, said to be theirs alone.
    await page.goto(`/users/${aId}`);
    const card = page.getByRole('article', { name: title });
    await expect(card.getByText('Anonymous', { exact: true })).toBeVisible();
    await expect(page.getByText('Your threads marked Anonymous are shown here to you alone')).toBeVisible();
    await page.getByRole('tab', { name: 'Posts' }).click();
    const posts = page.getByRole('tabpanel', { name: 'Posts' });
    const anonCard = posts.getByRole('article').filter({ hasText: 'An anonymous reply by A' });
    await expect(anonCard.getByText('Anonymous', { exact: true })).toBeVisible();
    await expect(posts.getByRole('article').filter({ hasText: 'A named reply by A' }).getByText('Anonymous', { exact: true })).toHaveCount(0);
    // As B: neither anonymous item, the named reply only.
    await b.goto(`/users/${aId}`);
    await expect(b.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await expect(b.getByText('No threads yet.')).toBeVisible();
    await expect(b.getByRole('tabpanel', { name: 'Threads' }).getByText(title)).toHaveCount(0);
    await b.getByRole('tab', { name: 'Posts' }).click();
    await expect(b.getByRole('tabpanel', { name: 'Posts' }).getByText('A named reply by A')).toBeVisible();
    await expect(b.getByText('An anonymous reply by A')).toHaveCount(0);
    await expect(b.getByText(/shown here to you alone/)).toHaveCount(0);

    // A's Activity tab: both anonymous entries, each linking to its place.
    await page.getByRole('tab', { name: 'Activity' }).click();
    const activity = page.getByRole('tabpanel', { name: 'Activity' });
    await expect(activity.getByText(`Created thread "${title}" anonymously`)).toBeVisible();
    await expect(activity.getByText(`Replied anonymously in "${title}"`)).toBeVisible();
    await expect(activity.getByRole('link', { name: `View: Replied anonymously in "${title}"` })).toHaveAttribute('href', `/thread/${threadId}#post-${anonReply}`);
    await screenshot(page, 'sealed-activity', '1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'sealed-activity', '375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await activity.getByRole('link', { name: `View: Created thread "${title}" anonymously` }).click();
    await expect(page).toHaveURL(`/thread/${threadId}`);
    await expect(thread.getByText('You', { exact: true })).toBeVisible();

    // A signs in from a second browser: still theirs there, and still here.
    await loginViaApi(a2, renamed, PASSWORD);
    await a2.goto(`/thread/${threadId}`);
    await expect(a2.getByRole('article', { name: title }).getByText('You', { exact: true })).toBeVisible();
    await expect(a2.locator(`#post-${anonReply}`).getByText('You', { exact: true })).toBeVisible();
    await page.reload();
    await expect(anon.getByText('You', { exact: true })).toBeVisible();

    // A votes on the thread: after a reload, and from the other sign-in, the vote is theirs.
    await expectHydrated(page);
    const upvote = thread.getByRole('button', { name: 'Upvote' });
    await expect(upvote).toHaveAttribute('aria-pressed', 'false');
    await upvote.click();
    await expect(upvote).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(upvote).toHaveAttribute('aria-pressed', 'true');
    await a2.reload();
    await expect(a2.getByRole('article', { name: title }).getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'true');

    // A deletes the anonymous reply, then the thread.
    await expectHydrated(page);
    await page.getByRole('button', { name: `Actions for post ${anonReply}` }).click();
    await page.getByRole('menuitem', { name: 'Delete Post' }).click();
    await page.getByRole('alertdialog', { name: 'Delete Post' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Post deleted', 'The post has been successfully deleted');
    await expect(anon.getByText('This post has been deleted by its author.')).toBeVisible();
    await page.getByRole('button', { name: 'Thread actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete Thread' }).click();
    await page.getByRole('alertdialog', { name: 'Delete Thread' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Thread deleted', 'The thread has been successfully deleted');
    await expect(page).toHaveURL('/board/g');
  } finally {
    await Promise.all([bContext.close(), adminContext.close(), aContext2.close()]);
  }
});

test('a session the server has ended signs the user out, saying so once', { tag: '@desktop' }, async ({ page }) => {
  await registerViaApi(page, uniqueUsername('ended'), PASSWORD);
  const userId = await currentUserId(page);
  const title = `Ending ${Date.now()}`;
  const threadId = await createThreadAs(page, 'g', title, true);
  await page.goto(`/thread/${threadId}`);
  await expectHydrated(page);
  await expect(page.getByRole('button', { name: /user menu/ })).toBeVisible();

  // The session's sealed key no longer opens (as when a session from before sealed
  // authorship loses its account's escrow): the server ends it on its next request.
  await sql(`update sessions set author_key_sealed = 'v1.AAAA.BBBB' where user_id = $1`, [userId]);
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'Upvote' }).click();

  await expectToast(page, 'Signed out', 'Your session has ended: please sign in again');
  await expect(page.getByRole('link', { name: 'Login / Register' })).toBeVisible();
  await expect(page.getByRole('button', { name: /user menu/ })).toHaveCount(0);
  // Instead of the vote's own error, not after it.
  await page.waitForTimeout(2_000);
  const region = page.getByRole('region', { name: /Notifications/ });
  await expect(region.getByText('Failed to vote')).toHaveCount(0);
  await expect(region.getByText('Signed out', { exact: true })).toBeVisible();
  // Signed out on the server too: the cookie is gone.
  expect((await page.request.get('/api/user')).status()).toBe(401);
});

test('a session ended by a read meets the next action with a plain 401: signed out all the same', { tag: '@desktop' }, async ({ page }) => {
  await registerViaApi(page, uniqueUsername('ended2'), PASSWORD);
  const userId = await currentUserId(page);
  const title = `Ended quietly ${Date.now()}`;
  const threadId = await createThreadAs(page, 'g', title, true);
  await page.goto(`/thread/${threadId}`);
  await expectHydrated(page);

  // A read that needs no user ends the session and is answered as a visitor's (200).
  await sql(`update sessions set author_key_sealed = 'v1.AAAA.BBBB' where user_id = $1`, [userId]);
  expect((await page.request.get('/api/boards')).status()).toBe(200);
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'Upvote' }).click();

  await expectToast(page, 'Signed out', 'Your session has ended: please sign in again');
  await expect(page.getByRole('link', { name: 'Login / Register' })).toBeVisible();
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Failed to vote')).toHaveCount(0);
});

test('the privacy policy says what anonymous posting means, without JavaScript too', { tag: '@desktop' }, async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  try {
    await page.goto('/privacy');
    const article = page.getByRole('main').getByRole('article');
    await expect(article.getByRole('heading', { level: 2 })).toHaveCount(13);
    const section = page.getByRole('region', { name: '2. Pseudonymous accounts and anonymous posting' });
    await expect(section.getByText(/nobody can tell that you wrote it: not other users, not the board's admins, and not someone who steals our\s+database/)).toBeVisible();
    await expect(section.getByText(/only you, signed in, see that it is yours/)).toBeVisible();
    await expect(section.getByRole('heading', { name: 'What admins can still see' })).toBeVisible();
    await expect(section.getByText(/for 90 days a keyed hash of the IP address/)).toBeVisible();
    await expect(section.getByText(/modified server code while you sign in/)).toBeVisible();
    await expect(section.getByText(/network traffic/)).toBeVisible();
    await expect(section.getByText(/Your writing style/)).toBeVisible();
    await expect(section.getByText(/held in escrow under the server's secret until your next sign-in/)).toBeVisible();
    await expect(section.getByText(/Sign in once to seal it/)).toBeVisible();
    await section.screenshot({ path: 'test-results/screens/sealed-privacy-section-375.png', animations: 'disabled' });
  } finally {
    await context.close();
  }
});
