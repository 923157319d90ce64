import type { Browser, Page } from '@playwright/test';
import { boardId, createAdmin, currentUserId, expect, loginViaApi, registerViaApi, screenshot, test, uniqueUsername } from './fixtures.js';
import { overflowing } from './overflow.js';

// CONTRACT.md section 8 (mobile layout) against the worst text users can write: words
// with no break in them (a pasted URL, a German compound, a hash), code, and names at
// their longest. Every user-written field is filled with it, through the API, and every
// page and tab must still fit a 320 and a 375 px phone: no sideways scrolling, nothing
// cut off. (Issue 28, finding 10: search and the Appeals tab did not.)
const WIDTHS = [320, 375];

/** 45 letters, the length of a pasted link's path; one word the browser cannot break at a space. */
const WORD = 'Pneumonoultramicroscopicsilicovolcanoconiosis';
const URL_ = `https://example.com/${'path_segment-'.repeat(8)}?query=${'x'.repeat(60)}#${'fragment'.repeat(4)}`;
const CODE = `\`\`\`\nconst ${'veryLongIdentifier'.repeat(6)} = () => fetch("${URL_}");\n\`\`\``;
/** Wide capitals with no break, up to a field's limit. */
const wide = (length: number) => 'W'.repeat(length);
/** A username of the maximum 20 characters, unique, as wide as the rule allows. */
const longName = (prefix: string) => uniqueUsername(prefix).padEnd(20, 'W').slice(0, 20);

const hostile = (max: number) => `${WORD} ${URL_} ${wide(80)} ${WORD}${WORD}`.slice(0, max);

async function csrf(page: Page): Promise<string> {
  return (await page.request.get('/api/user')).headers()['x-csrf-token'] ?? '';
}

async function call(page: Page, method: 'post' | 'put' | 'patch' | 'delete', url: string, data?: unknown, status = [200, 201, 204]): Promise<unknown> {
  const response = await page.request.fetch(url, { method: method.toUpperCase(), data, headers: { 'X-CSRF-Token': await csrf(page) } });
  expect(status, `${method} ${url}: ${await response.text()}`).toContain(response.status());
  return response.status() === 204 ? null : response.json();
}

type Check = { path: string; ready: string; open?: (page: Page) => Promise<void>; name?: string };

/** Loads each page at each width and expects it to fit; with `noScript`, from a browser without JavaScript. */
async function expectFits(page: Page, checks: Check[], label: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    for (const { path, ready, open, name } of checks) {
      await page.goto(path);
      if (open) await open(page);
      await expect(page.getByRole('main').getByText(ready).first()).toBeVisible();
      if (label === 'js') await page.waitForLoadState('networkidle');
      const result = await overflowing(page);
      const where = `${name ?? path} (${label}) at ${width} px`;
      expect.soft(result.scrollWidth, `${where} scrolls sideways: ${result.offenders.join(' | ')}`).toBeLessThanOrEqual(result.width);
      expect.soft(result.offenders, `${where} cuts off`).toEqual([]);
      // HOSTILE_SCREENS=1 keeps a picture of every page, to look for text crushed rather than overflowing.
      if (process.env.HOSTILE_SCREENS) await screenshot(page, `hostile-${(name ?? path).replace(/[^a-z0-9]+/gi, '-').slice(0, 50)}-${label.replace(/\W+/g, '-')}-${width}`, 'mobile');
    }
  }
}

async function noScriptPage(browser: Browser, storageState?: Awaited<ReturnType<ReturnType<Page['context']>['storageState']>>) {
  const context = await browser.newContext({ javaScriptEnabled: false, storageState });
  return { context, page: await context.newPage() };
}

test('every page and tab fits a phone with hostile text in every field', { tag: '@mobile' }, async ({ page, browser }) => {
  test.setTimeout(600_000);

  // Two people with names of the maximum length: an admin who writes everything, and
  // another who replies, mentions, quotes and reports (so there are notifications).
  const admin = longName('WAdm');
  createAdmin(admin);
  await loginViaApi(page, admin);
  const adminId = await currentUserId(page);
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const otherName = longName('WOth');
  await registerViaApi(other, otherName, 'other password');
  const otherId = await currentUserId(other);

  await call(page, 'patch', `/api/users/${adminId}`, { bio: hostile(500) });
  // Receiving addresses are unbroken too: a 42-character EVM one, a 74-character bech32 one.
  await call(page, 'post', '/api/crypto/addresses', { currency: 'ETH', address: `0x${'ABCDEF0123'.repeat(4)}`, useForAnonymous: true });
  // A marked address answers only the anonymous look-ups (CONTRACT.md section 13): the named thread's tip dialog needs an unmarked one.
  await call(page, 'post', '/api/crypto/addresses', { currency: 'ETH', address: `0x${'0123ABCDEF'.repeat(4)}` });
  await call(page, 'post', '/api/crypto/addresses', { currency: 'BTC', address: `bc1${'qpzry9x8gf2tvdw0s3jn54khce6mua7l'.repeat(3).slice(0, 71)}` });
  await call(page, 'post', `/api/users/${otherId}/follow`);
  const g = await boardId(page, 'g');
  const thread = async (as: Page, title: string, content: string, isAnonymous = false) =>
    ((await call(as, 'post', '/api/threads', { boardId: g, title, content, isAnonymous })) as { id: number }).id;
  const reply = async (as: Page, threadId: number, content: string, isAnonymous = false) =>
    ((await call(as, 'post', '/api/posts', { threadId, content, isAnonymous })) as { id: number }).id;

  const threadId = await thread(page, wide(100), `${hostile(2000)}\n\n${CODE}`);
  await thread(page, `${WORD}${WORD}`.slice(0, 100), `${URL_} ${WORD}`, true);
  const firstReply = await reply(page, threadId, `${hostile(1800)}\n${CODE}`);
  await reply(other, threadId, `>>${firstReply} @${admin} ${WORD}${WORD} ${URL_}`);
  const anonymousReply = await reply(other, threadId, `${wide(300)}`, true);
  await thread(other, `${WORD} ${wide(60)}`.slice(0, 100), hostile(2000));
  await call(page, 'put', `/api/threads/${threadId}/save`);
  await call(other, 'post', '/api/reports', { threadId, reason: hostile(500) });
  await call(other, 'post', '/api/reports', { postId: firstReply, reason: `${WORD}${WORD}${WORD}` });

  // A reader's tip dialog names the recipient's address.
  for (const width of WIDTHS) {
    await other.setViewportSize({ width, height: 740 });
    await other.goto(`/thread/${threadId}`);
    await other.getByRole('button', { name: 'Tip this thread' }).click();
    const dialog = other.getByRole('dialog', { name: 'Send a Tip' });
    await expect(dialog.getByText('Recipient', { exact: true })).toBeVisible();
    await other.waitForLoadState('networkidle');
    const result = await overflowing(other);
    expect.soft(result.offenders, `the tip dialog at ${width} px cuts off`).toEqual([]);
  }

  // A ban covering every e2e browser (they share 127.0.0.1), with an appeal denied and a
  // second one pending; lifted at the end whatever happens, so later specs can post.
  const detail = (await (await page.request.get(`/api/threads/${threadId}`)).json()) as { ipHash?: string | null };
  const ipHash = detail.ipHash;
  expect(ipHash, 'an admin sees the ip hash').toBeTruthy();
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  let suspensionId: number | undefined;
  try {
    await call(page, 'post', '/api/moderation/ban-ip', { ipHash, reason: hostile(500) });
    await call(visitor, 'post', '/api/bans/appeal', { message: hostile(1000) });
    // This run's appeal: the queue may still hold a pending one of another run (the other
    // project's), whose ban was lifted under it.
    const appeals = (await (await page.request.get('/api/moderation/appeals')).json()) as { id: number; status: string; ban: { ipHash: string } | null }[];
    const ours = appeals.filter((appeal) => appeal.status === 'pending' && appeal.ban?.ipHash === ipHash).sort((a, b) => b.id - a.id)[0];
    expect(ours, 'the appeal just sent is in the queue').toBeDefined();
    await call(page, 'patch', `/api/moderation/appeals/${ours!.id}`, { status: 'denied', response: hostile(1000) });

    await expectFits(visitor, [{ path: '/banned', ready: 'The moderators answered' }], 'js');
    // Banned again: the denied appeal is kept without its ban, and a new one waits.
    await call(page, 'post', '/api/moderation/ban-ip', { ipHash, reason: `${WORD}${WORD}${WORD}` });
    await call(visitor, 'post', '/api/bans/appeal', { message: `${WORD}${WORD}${WORD}${WORD}` });
    // The author of an anonymous reply suspended with the longest reason (Suspended Authors tab).
    suspensionId = ((await call(page, 'post', '/api/moderation/suspend-author', { postId: anonymousReply, reason: hostile(500) })) as { id: number }).id;

    const tab = (name: string, ready?: (page: Page) => Promise<void>) => async (page: Page) => {
      await page.getByRole('tab', { name }).click();
      await ready?.(page);
    };
    const pages: Check[] = [
      { path: '/', ready: 'Popular Boards' },
      { path: '/recent', ready: WORD },
      { path: '/popular', ready: 'Popular Threads' },
      { path: '/board/g', ready: WORD },
      { path: '/board/g?view=catalog', ready: WORD },
      { path: `/thread/${threadId}`, ready: 'veryLongIdentifier' },
      { path: `/users/${adminId}`, ready: admin },
      { path: `/users/${adminId}`, ready: WORD, open: tab('Posts'), name: 'profile posts' },
      { path: `/users/${adminId}`, ready: 'Activity', open: tab('Activity'), name: 'profile activity' },
      { path: `/users/${otherId}`, ready: otherName },
      { path: `/users/${adminId}/edit`, ready: 'Profile' },
      { path: `/users/${adminId}/edit`, ready: 'Crypto Addresses', open: tab('Crypto Addresses'), name: 'edit addresses' },
      { path: `/users/${adminId}/edit`, ready: 'Tip History', open: tab('Tip History'), name: 'edit tips' },
      { path: `/search?q=${WORD}`, ready: 'Search results for' },
      { path: `/search?q=${WORD}&type=threads`, ready: 'Search results for' },
      { path: `/search?q=${WORD}&type=posts`, ready: 'Search results for' },
      // A whole pasted URL (longer than a query may be) and the part of one a search takes.
      { path: `/search?q=${encodeURIComponent(URL_)}`, ready: 'Search results for', name: 'search url' },
      { path: `/search?q=${encodeURIComponent(URL_.slice(0, 150))}`, ready: 'Search results for', name: 'search url part' },
      { path: '/notifications', ready: otherName },
      { path: '/saved', ready: wide(20) },
      { path: '/premium', ready: 'Premium' },
      { path: '/mod', ready: 'Moderation Panel' },
      { path: '/mod', ready: WORD, open: tab('Reports'), name: 'mod reports' },
      {
        path: '/mod',
        ready: 'Find IPs',
        open: tab('IP Finder', async (page) => {
          await page.getByLabel('Thread ID').fill(String(threadId));
          await page.getByRole('button', { name: 'Find IPs' }).click();
        }),
        name: 'mod ip finder',
      },
      { path: '/mod', ready: `Post #${anonymousReply} in`, open: tab('Suspended Authors'), name: 'mod suspensions' },
      { path: '/mod', ready: `${WORD}${WORD}${WORD}${WORD}`, open: tab('Appeals'), name: 'mod appeals' },
      { path: '/mod', ready: 'Denied appeal', open: tab('Log'), name: 'mod log' },
      { path: '/moderation-log', ready: 'Moderation Log' },
      { path: '/new-thread', ready: 'New Thread' },
    ];
    await expectFits(page, pages, 'js');

    // The drawer and the user menu show the name too.
    await page.setViewportSize({ width: 320, height: 740 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog').getByText(admin)).toBeVisible();
    let result = await overflowing(page);
    expect.soft(result.offenders, 'the drawer at 320 px cuts off').toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /user menu/ }).click();
    await expect(page.getByRole('menu').getByText(admin)).toBeVisible();
    result = await overflowing(page);
    expect.soft(result.offenders, 'the user menu at 320 px cuts off').toEqual([]);
    await page.keyboard.press('Escape');

    await page.goto(`/search?q=${WORD}`);
    await expect(page.getByRole('main').getByText(WORD).nth(1)).toBeVisible();
    await screenshot(page, 'hostile-search-320', 'mobile');
    await page.goto('/mod');
    await page.getByRole('tab', { name: 'Appeals' }).click();
    await expect(page.getByRole('main').getByText(`${WORD}${WORD}${WORD}${WORD}`)).toBeVisible();
    await screenshot(page, 'hostile-appeals-320', 'mobile');

    // The visitor's ban page with its pending appeal.
    await expectFits(visitor, [{ path: '/banned', ready: 'Pending review' }], 'js');

    // Server-rendered reading pages, without JavaScript: as a visitor and as the admin.
    const reading: Check[] = [
      { path: '/', ready: 'Popular Boards' },
      { path: '/recent', ready: WORD },
      { path: '/popular', ready: 'Popular Threads' },
      { path: '/board/g', ready: WORD },
      { path: '/board/g?view=catalog', ready: WORD },
      { path: `/thread/${threadId}`, ready: 'veryLongIdentifier' },
      { path: `/users/${adminId}`, ready: admin },
      { path: `/users/${otherId}`, ready: otherName },
      { path: `/search?q=${WORD}`, ready: 'Search results for' },
      { path: `/search?q=${WORD}&type=posts`, ready: 'Search results for' },
      { path: '/auth', ready: 'Login' },
    ];
    const anonymous = await noScriptPage(browser);
    await expectFits(anonymous.page, reading, 'no js, visitor');
    await anonymous.context.close();
    const signedIn = await noScriptPage(browser, await page.context().storageState());
    await expectFits(signedIn.page, reading.filter(({ path }) => path !== '/auth'), 'no js, signed in');
    await signedIn.context.close();
  } finally {
    await page.request.delete(`/api/moderation/ban-ip/${ipHash}`, { headers: { 'X-CSRF-Token': await csrf(page) } });
    if (suspensionId) await page.request.delete(`/api/moderation/suspend-author/${suspensionId}`, { headers: { 'X-CSRF-Token': await csrf(page) } });
    await visitorContext.close();
    await otherContext.close();
  }
});
