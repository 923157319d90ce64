import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import pg from 'pg';
import { parseEther } from 'viem';
import type { CurrentUser, Notification, PublicUser } from '../src/shared/api.js';
import {
  createPostViaApi,
  createThreadAs,
  currentUserId,
  expect,
  expectHydrated,
  expectToast,
  loginViaApi,
  registerViaApi,
  test,
  uniqueUsername,
} from './fixtures.js';
import { balanceOf, devAccount, injectWallet } from './wallet.js';

// What the author of anonymous content keeps (CONTRACT.md section 13, docs/privacy.md),
// in the browser: notifications of replies, quotes and tips to it (addressed to the
// content's tag, live), tips paid to the address marked "Usable on my anonymous posts"
// (never offered on their signed content), their own tip figures, and their own
// anonymous premium thread, readable without paying and paid for to that address.
//
// Dev accounts 12 to 16 are this spec's (an address links to one account only):
// 12 and 13 the tipped author's marked and named addresses, 14 the tipper's wallet,
// 15 the premium author's marked address, 16 the buyer's wallet.

const PASSWORD = 'secret pass';
/** Direct tips and access payments: a wallet payment, its confirmations, the server's check. */
const PAYMENT_TIMEOUT = 30_000;

async function csrf(page: Page): Promise<string> {
  return (await page.request.get('/api/user')).headers()['x-csrf-token'] ?? '';
}

/** The statement run on the e2e server's embedded PostgreSQL (as in sealed-authorship.spec.ts). */
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

/** A signed-in user on a page of their own (a fresh browser context). */
async function userPage(browser: Browser, prefix: string): Promise<{ page: Page; name: string; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const name = uniqueUsername(prefix);
  await registerViaApi(page, name, PASSWORD);
  return { page, name, close: () => context.close() };
}

/** Opens `url` and waits until the tab's event stream is open (what carries the bell's count). */
async function openWithStream(page: Page, url: string): Promise<void> {
  const stream = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200);
  await page.goto(url);
  await stream;
  await expectHydrated(page);
}

const bell = (page: Page, unread: number) =>
  unread === 0 ? page.getByRole('button', { name: 'Notifications', exact: true }) : page.getByRole('button', { name: `Notifications, ${unread} unread` });

async function notificationsOf(page: Page): Promise<Notification[]> {
  const response = await page.request.get('/api/notifications');
  expect(response.status()).toBe(200);
  return (await response.json()) as Notification[];
}

/** Replies through the thread page's main reply form, signed or anonymous; answers the new post's id. */
async function replyInBrowser(page: Page, threadId: number, text: string, anonymous: boolean, prefill?: (page: Page) => Promise<void>): Promise<number> {
  await page.goto(`/thread/${threadId}`);
  await expectHydrated(page);
  const box = page.getByRole('textbox', { name: 'Your reply' });
  if (prefill) await prefill(page);
  await box.press('End');
  await box.pressSequentially(text);
  const form = page.locator('form').filter({ has: box });
  const checkbox = form.getByLabel('Post anonymously');
  if (anonymous) await checkbox.check();
  else await checkbox.uncheck();
  await form.getByRole('button', { name: 'Post Reply' }).click();
  await expectToast(page, 'Reply posted!', 'Your reply has been added to the thread.');
  const article = page.getByRole('article').filter({ hasText: text });
  await expect(article).toBeVisible();
  return Number((await article.getAttribute('id'))?.replace('post-', ''));
}

/** Adds an ETH address on the Crypto Addresses tab of the page user's settings, marked for anonymous use or not. */
async function addEthAddress(page: Page, userId: number, address: string, forAnonymous: boolean): Promise<void> {
  await page.goto(`/users/${userId}/edit`);
  await expectHydrated(page);
  await page.getByRole('tab', { name: 'Crypto Addresses' }).click();
  await page.getByRole('button', { name: 'Add New Address' }).click();
  const form = page.getByRole('form', { name: 'Add New Address' });
  await form.getByLabel('Currency').selectOption('ETH');
  await form.getByLabel('Address', { exact: true }).fill(address);
  if (forAnonymous) await form.getByLabel('Usable on my anonymous posts').check();
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expectToast(page, 'Address added successfully', 'Your cryptocurrency address has been saved');
  const short = `${address.slice(0, 6)}...${address.slice(-4)}`;
  const row = page.getByRole('row').filter({ has: page.getByText(short, { exact: true }) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Anonymous posts only')).toHaveCount(forAnonymous ? 1 : 0);
}

const shortAddress = (address: string) => `${address.slice(0, 6)}...${address.slice(-4)}`;

/** The tip dialog of a post, opened from its Tip button. */
async function openPostTipDialog(page: Page, postId: number): Promise<Locator> {
  await page.locator(`#post-${postId}`).getByRole('button', { name: `Tip post #${postId}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a Tip' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('replies and quotes to anonymous writing reach its author live, on every sign-in, and no one else', { tag: '@desktop' }, async ({ page, browser }) => {
  test.setTimeout(120_000);
  const aName = uniqueUsername('anfA');
  await registerViaApi(page, aName, PASSWORD);
  const b = await userPage(browser, 'anfB');
  const c = await userPage(browser, 'anfC');
  const d = await userPage(browser, 'anfD');
  const a2Context = await browser.newContext();
  const a2 = await a2Context.newPage();
  try {
    // A's anonymous thread; A's anonymous reply in D's thread (a quote in A's own thread
    // would be told as a reply to the thread: one notification per recipient, reply first).
    const ownThread = await createThreadAs(page, 'g', `Anonymous by A ${Date.now()}`, true);
    const othersThread = await createThreadAs(d.page, 'g', `D's thread ${Date.now()}`, false);
    const anonReply = await createPostViaApi(page, othersThread, 'An anonymous reply by A');

    // A watches in two sign-ins: this browser and a second one.
    await loginViaApi(a2, aName, PASSWORD);
    await openWithStream(page, '/');
    await openWithStream(a2, '/notifications');
    await expect(bell(page, 0)).toBeVisible();
    await expect(bell(a2, 0)).toBeVisible();
    await expect(a2.getByText('No notifications yet.')).toBeVisible();

    // B replies to A's anonymous thread under their name: both of A's tabs count it, live.
    const namedReply = await replyInBrowser(b.page, ownThread, 'A named reply from B', false);
    await expect(bell(page, 1)).toBeVisible({ timeout: 3_000 });
    await expect(bell(a2, 1)).toBeVisible({ timeout: 3_000 });

    // B quotes A's anonymous reply, anonymously, with the Quote button.
    const quote = await replyInBrowser(b.page, othersThread, 'Quoting the anonymous reply', true, async (bPage) => {
      await bPage.locator(`#post-${anonReply}`).getByRole('button', { name: 'Quote' }).click();
      await expect(bPage.getByRole('textbox', { name: 'Your reply' })).toHaveValue(`>>${anonReply}\n>An anonymous reply by A\n`);
    });
    await expect(bell(page, 2)).toBeVisible({ timeout: 3_000 });
    await expect(bell(a2, 2)).toBeVisible({ timeout: 3_000 });

    // The bell's menu: the named actor by name, the anonymous one as 'Anonymous'.
    await bell(page, 2).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: new RegExp(`^@${b.name} replied to you in thread #${ownThread} \\(unread\\)`) })).toBeVisible();
    const quoteEntry = menu.getByRole('menuitem', { name: new RegExp(`^Anonymous quoted your post in thread #${othersThread} \\(unread\\)`) });
    await expect(quoteEntry).toBeVisible();
    // Opening the quote's entry leads to it and reads it; the other sign-in's count follows, live.
    await quoteEntry.click();
    await expect(page).toHaveURL(`/thread/${othersThread}#post-${quote}`);
    await expect(page.locator(`#post-${quote}`).getByRole('heading', { name: 'Anonymous' })).toBeVisible();
    await expect(page.locator(`#post-${anonReply}`).getByText('You', { exact: true })).toBeVisible();
    await expect(bell(page, 1)).toBeVisible();
    await expect(bell(a2, 1)).toBeVisible({ timeout: 3_000 });

    // The notifications page, in the second sign-in: both entries, each leading to its post.
    await a2.reload();
    const named = a2.getByRole('link', { name: new RegExp(`^@${b.name} replied to you in thread #${ownThread} \\(unread\\)`) });
    const quoted = a2.getByRole('link', { name: new RegExp(`^Anonymous quoted your post in thread #${othersThread} (?!\\(unread)`) });
    await expect(named).toHaveAttribute('href', `/thread/${ownThread}#post-${namedReply}`);
    await expect(quoted).toHaveAttribute('href', `/thread/${othersThread}#post-${quote}`);
    await expect(a2.getByRole('link', { name: / in thread #\d+/ })).toHaveCount(2);
    await named.click();
    await expect(a2).toHaveURL(`/thread/${ownThread}#post-${namedReply}`);
    await expect(a2.locator(`#post-${namedReply}`).getByRole('link', { name: b.name })).toBeVisible();
    // Opened from the page, it is read too: nothing left unread in either sign-in.
    await expect(bell(a2, 0)).toBeVisible();
    await expect(bell(page, 0)).toBeVisible({ timeout: 3_000 });

    // B and C: nothing about A's writing (B is not told of their own replies).
    for (const other of [b.page, c.page]) {
      await other.goto('/notifications');
      await expect(other.getByRole('heading', { name: 'Notifications' })).toBeVisible();
      await expect(other.getByText('No notifications yet.')).toBeVisible();
      await expect(bell(other, 0)).toBeVisible();
      expect(await notificationsOf(other)).toEqual([]);
    }
  } finally {
    await Promise.all([b.close(), c.close(), d.close(), a2Context.close()]);
  }
});

test('a tip to anonymous writing goes to the marked address, reaches its author, and moves only their own figures', { tag: '@desktop' }, async ({ page, browser }) => {
  test.setTimeout(150_000);
  const marked = devAccount(12).address;
  const named = devAccount(13).address;
  const aName = uniqueUsername('anfTipA');
  await registerViaApi(page, aName, PASSWORD);
  const aId = await currentUserId(page);
  const b = await userPage(browser, 'anfTipB');
  try {
    const threadId = await createThreadAs(page, 'g', `Tips to A ${Date.now()}`, false, 'A signed thread by A.');
    const anonReply = await createPostViaApi(page, threadId, 'An anonymous reply by A, worth a tip');
    const signedResponse = await page.request.post('/api/posts', {
      data: { threadId, content: 'A signed reply by A', isAnonymous: false },
      headers: { 'X-CSRF-Token': await csrf(page) },
    });
    expect(signedResponse.status(), await signedResponse.text()).toBe(201);
    const signedReply = ((await signedResponse.json()) as { id: number }).id;

    // A marks an address for anonymous posts in their settings.
    await addEthAddress(page, aId, marked, true);

    // B's tip dialog offers the marked address on the anonymous reply only: the signed
    // reply and the signed thread have no address at all.
    const wallet = await injectWallet(b.page, 14);
    await b.page.goto(`/thread/${threadId}`);
    await expectHydrated(b.page);
    let dialog = await openPostTipDialog(b.page, signedReply);
    await expect(dialog.getByText('No Recipient Address')).toBeVisible();
    await expect(dialog.getByText('The author has not added an ETH address for tips.')).toBeVisible();
    await expect(dialog.getByText(shortAddress(marked))).toHaveCount(0);
    await b.page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // A adds a signed address too: the signed reply offers it, never the marked one.
    await addEthAddress(page, aId, named, false);
    await b.page.reload();
    await expectHydrated(b.page);
    dialog = await openPostTipDialog(b.page, signedReply);
    await expect(dialog.getByText(shortAddress(named), { exact: true })).toBeVisible();
    await expect(dialog.getByText(shortAddress(marked))).toHaveCount(0);
    await b.page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await b.page.locator('article[aria-labelledby="thread-title"]').getByRole('button', { name: 'Tip this thread' }).click();
    dialog = b.page.getByRole('dialog', { name: 'Send a Tip' });
    await expect(dialog.getByText(shortAddress(named), { exact: true })).toBeVisible();
    await expect(dialog.getByText(shortAddress(marked))).toHaveCount(0);
    await b.page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // A watches; figures before.
    const ownBefore = ((await (await page.request.get('/api/user')).json()) as CurrentUser).totalTipsReceived;
    const publicBefore = ((await (await b.page.request.get(`/api/users/${aId}`)).json()) as PublicUser).totalTipsReceived;
    expect(Number(ownBefore)).toBe(0);
    expect(Number(publicBefore)).toBe(0);
    await openWithStream(page, `/users/${aId}`);
    await expect(bell(page, 0)).toBeVisible();

    // B tips the anonymous reply: to the marked address.
    const before = await balanceOf(marked);
    const namedBefore = await balanceOf(named);
    dialog = await openPostTipDialog(b.page, anonReply);
    await expect(dialog.getByText(shortAddress(marked), { exact: true })).toBeVisible();
    await dialog.getByLabel('Amount (ETH)').fill('0.001');
    await dialog.getByRole('button', { name: 'Send Tip' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'Transaction Successful' })).toBeVisible({ timeout: PAYMENT_TIMEOUT });
    await expect(dialog).toBeHidden({ timeout: 6_000 });
    expect(wallet.calls.filter((method) => method === 'eth_sendTransaction')).toHaveLength(1);
    expect(await balanceOf(marked)).toBe(before + parseEther('0.001'));
    expect(await balanceOf(named)).toBe(namedBefore);

    // Confirmed, on the reply's tips card.
    const card = b.page.locator(`#post-${anonReply}`).getByRole('region', { name: `Tips on post #${anonReply}` });
    await expect(async () => {
      await b.page.reload();
      await expect(card).toContainText('1 confirmed · 0 pending', { timeout: 1_000 });
    }).toPass({ timeout: PAYMENT_TIMEOUT });
    await expect(card).toContainText('0.001 ETH');

    // A is told, live, and the entry leads to the reply.
    await expect(bell(page, 1)).toBeVisible({ timeout: 5_000 });
    await bell(page, 1).click();
    const entry = page.getByRole('menuitem', { name: new RegExp(`^Your post in thread #${threadId} received a tip \\(unread\\)`) });
    await expect(entry).toBeVisible();
    await expect(page.getByRole('menu').locator(`a[href="/thread/${threadId}#post-${anonReply}"]`)).toHaveCount(1);
    await page.keyboard.press('Escape');

    // A's own figures count it ($3.00 at the tip rates); the figure others see does not move.
    const own = (await (await page.request.get('/api/user')).json()) as CurrentUser;
    expect(Number(own.totalTipsReceived)).toBe(3);
    expect(own.countsIncludeAnonymous).toBe(true);
    const seenByB = (await (await b.page.request.get(`/api/users/${aId}`)).json()) as PublicUser;
    expect(Number(seenByB.totalTipsReceived)).toBe(0);
    // B's profile view of A names neither the reply nor the tip.
    await b.page.goto(`/users/${aId}`);
    await expect(b.page.getByRole('heading', { level: 1, name: aName })).toBeVisible();
    await b.page.getByRole('tab', { name: 'Posts' }).click();
    await expect(b.page.getByRole('tabpanel', { name: 'Posts' }).getByText('A signed reply by A')).toBeVisible();
    await expect(b.page.getByText('An anonymous reply by A, worth a tip')).toHaveCount(0);
    // B is told nothing of the tip.
    expect(await notificationsOf(b.page)).toEqual([]);
  } finally {
    await b.close();
  }
});

test('the author of an anonymous premium thread reads it without paying; a buyer pays their marked address', { tag: '@desktop' }, async ({ page, browser }) => {
  test.setTimeout(150_000);
  const SECRET = 'The premium part, by an anonymous author';
  const PRICE = '0.002';
  const marked = devAccount(15).address;
  const aName = uniqueUsername('anfPremA');
  await registerViaApi(page, aName, PASSWORD);
  const aId = await currentUserId(page);
  const b = await userPage(browser, 'anfPremB');
  try {
    // A is a premium member (premium.spec.ts buys one through the plan dialog; here it is
    // granted directly, this spec being about the thread) and marks an address.
    await sql(`update users set is_premium = true, membership_expires_at = now() + interval '1 month' where id = $1`, [aId]);
    await addEthAddress(page, aId, marked, true);

    // A publishes an anonymous premium thread from the New Thread dialog.
    await page.goto('/');
    await expectHydrated(page);
    await page.getByRole('banner').getByRole('button', { name: 'New Thread' }).click();
    const form = page.getByRole('dialog', { name: 'New Thread' });
    await form.getByLabel('Board').selectOption({ label: '/g/ - Technology' });
    const title = `Anonymous premium ${Date.now()}`;
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Content').fill('The free part, anyone reads it.');
    await expect(form.getByLabel('Post anonymously')).toBeChecked();
    await form.getByLabel('Make this a premium thread').check();
    await form.getByLabel('Access price').fill(PRICE);
    await form.getByLabel('Currency').selectOption('ETH');
    await form.getByLabel('Premium content (visible only after payment)').fill(SECRET);
    await form.getByRole('button', { name: 'Create Thread' }).click();
    await expectToast(page, 'Thread created!', 'Your thread has been created successfully.');
    await expect(page).toHaveURL(/\/thread\/\d+$/);
    const threadId = Number(new URL(page.url()).pathname.split('/').pop());
    const thread = page.getByRole('article', { name: title });
    await expect(thread.getByText('Anonymous', { exact: true })).toBeVisible();
    await expect(thread.getByText('You', { exact: true })).toBeVisible();

    // A's membership ends: A still reads their own premium part, as its author, without paying.
    await sql(`update users set is_premium = false, membership_expires_at = now() - interval '1 day' where id = $1`, [aId]);
    await page.reload();
    await expect(page.getByRole('banner').getByRole('button', { name: /user menu/ })).toBeVisible();
    const unlocked = page.getByRole('region', { name: 'Premium Content' });
    await expect(unlocked.getByText('Unlocked')).toBeVisible();
    await expect(unlocked.getByText(SECRET)).toBeVisible();
    await expect(unlocked.getByRole('button', { name: 'Purchase Access' })).toHaveCount(0);
    const asAuthor = (await (await page.request.get(`/api/threads/${threadId}`)).json()) as { hasAccess: boolean; isOwn: boolean; premiumContent: string | null; userId: number | null };
    expect(asAuthor).toMatchObject({ hasAccess: true, isOwn: true, premiumContent: SECRET, userId: null });
    expect(((await (await page.request.get('/api/user')).json()) as CurrentUser).isPremium).toBe(false);

    // B: the paywall; the purchase pays A's marked address and unlocks the part.
    const wallet = await injectWallet(b.page, 16);
    const before = await balanceOf(marked);
    await b.page.goto(`/thread/${threadId}`);
    await expectHydrated(b.page);
    const paywall = b.page.getByRole('region', { name: 'Premium Content' });
    await expect(paywall.getByText(`${PRICE} ETH`)).toBeVisible();
    await expect(b.page.getByText(SECRET)).toHaveCount(0);
    await expect(b.page.getByRole('article', { name: title }).getByText('You', { exact: true })).toHaveCount(0);
    const answered = b.page.waitForResponse((response) => new URL(response.url()).pathname === `/api/premium/payment-address/${threadId}`);
    await paywall.getByRole('button', { name: 'Purchase Access' }).click();
    expect(((await (await answered).json()) as { address: string }).address.toLowerCase()).toBe(marked.toLowerCase());
    await expect(b.page.getByRole('region', { name: /Notifications/ }).getByText('Premium Access Purchased', { exact: true })).toBeVisible({ timeout: PAYMENT_TIMEOUT });
    await expect(b.page.getByRole('region', { name: 'Premium Content' }).getByText(SECRET)).toBeVisible();
    expect(wallet.calls.filter((method) => method === 'eth_sendTransaction')).toHaveLength(1);
    expect(await balanceOf(marked)).toBe(before + parseEther(PRICE));
    await b.page.reload();
    await expect(b.page.getByText(SECRET)).toBeVisible();
  } finally {
    await b.close();
  }
});
