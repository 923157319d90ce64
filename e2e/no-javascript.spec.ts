import type { Page } from '@playwright/test';
import { createPostViaApi, createThreadViaApi, expect, registerViaApi, test, uniqueUsername } from './fixtures.js';

// Pages rendered on the server (CONTRACT.md section 12): without JavaScript a reader
// reads, registers, logs in and replies with plain HTML forms; with it, the same pages
// hydrate from the data in the page, asking the API nothing again and moving nothing.

/** Problems the browser reports on a page of our own context (the fixture watches only `page`). */
function watchErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test('@desktop without JavaScript, a new user reads a board and a thread, registers, logs in and replies', async ({ browser, page }) => {
  // Three browsers' worth of page loads, each a full server render.
  test.setTimeout(90_000);
  await registerViaApi(page, uniqueUsername('nojsop'), 'password1');
  const title = `No-JS thread ${Date.now().toString(36)}`;
  const threadId = await createThreadViaApi(page, 'g', title, 'Read me without any JavaScript.');
  await createPostViaApi(page, threadId, 'A first reply, server-rendered.');

  const context = await browser.newContext({ javaScriptEnabled: false });
  const reader = await context.newPage();
  const problems = watchErrors(reader);

  // Read: the board lists the thread, the thread shows its text and replies.
  await reader.goto('/board/g');
  await expect(reader.getByRole('heading', { name: '/g/ - Technology' })).toBeVisible();
  await reader.getByRole('link', { name: title }).first().click();
  await expect(reader).toHaveURL(new RegExp(`/thread/${threadId}$`));
  await expect(reader.getByText('Read me without any JavaScript.')).toBeVisible();
  await expect(reader.getByText('A first reply, server-rendered.')).toBeVisible();

  // Register: the header's link, the Register tab (a link), the form; a wrong confirmation first.
  await reader.getByRole('link', { name: 'Login / Register' }).click();
  await expect(reader).toHaveURL(/\/auth$/);
  await reader.getByRole('tab', { name: 'Register' }).click();
  await expect(reader).toHaveURL(/\/auth\?tab=register$/);
  const username = uniqueUsername('nojs');
  await reader.getByLabel('Username').fill(username);
  await reader.getByLabel('Password', { exact: true }).fill('secret1');
  await reader.getByLabel('Confirm password').fill('secret2');
  await reader.getByRole('button', { name: 'Create account' }).click();
  await expect(reader.getByText('Passwords do not match')).toBeVisible();
  await expect(reader.getByLabel('Username')).toHaveValue(username);
  await reader.getByLabel('Password', { exact: true }).fill('secret1');
  await reader.getByLabel('Confirm password').fill('secret1');
  await reader.getByRole('button', { name: 'Create account' }).click();
  await expect(reader).toHaveURL(/\/$/);
  await expect(reader.getByRole('button', { name: new RegExp(`^${username.slice(0, 2).toUpperCase()}, user menu`) })).toBeVisible();

  // Log in, in a browser that is not signed in yet.
  const second = await context.browser()!.newContext({ javaScriptEnabled: false });
  const returning = await second.newPage();
  problems.push(...watchErrors(returning));
  await returning.goto('/auth');
  await returning.getByLabel('Username').fill(username);
  await returning.getByLabel('Password').fill('wrong password');
  await returning.getByRole('button', { name: 'Log in' }).click();
  await expect(returning.getByText('Invalid username or password')).toBeVisible();
  await returning.getByLabel('Password').fill('secret1');
  await returning.getByRole('button', { name: 'Log in' }).click();
  await expect(returning).toHaveURL(/\/$/);

  // Reply: an empty one first (the contract's message), then a real one, signed.
  await returning.goto(`/thread/${threadId}`);
  await returning.getByRole('button', { name: 'Post Reply' }).click();
  await expect(returning.getByText('Reply cannot be empty')).toBeVisible();
  await returning.getByLabel('Your reply').fill('Replied with JavaScript off.');
  await returning.getByLabel('Post anonymously').uncheck();
  await returning.getByRole('button', { name: 'Post Reply' }).click();
  await expect(returning).toHaveURL(new RegExp(`/thread/${threadId}#post-\\d+$`));
  await expect(returning.getByText('Replied with JavaScript off.')).toBeVisible();
  await expect(returning.getByRole('link', { name: username }).first()).toBeVisible();

  expect(problems.filter((text) => !text.includes('status of 4')), 'the browser reported errors').toEqual([]);
  await second.close();
  await context.close();
});

test('@desktop with JavaScript, server-rendered pages hydrate without asking for their data again and without a layout shift', async ({ page }) => {
  test.setTimeout(90_000);
  await registerViaApi(page, uniqueUsername('hydr'), 'password1');
  const threadId = await createThreadViaApi(page, 'g', `Hydration ${Date.now().toString(36)}`, 'A thread read with JavaScript on.');
  for (let index = 0; index < 12; index++) await createPostViaApi(page, threadId, `Reply ${index} >>${threadId} see https://example.com`);
  // A visitor: a fresh page without the poster's cookies.
  const visitor = await page.context().browser()!.newContext();
  const reader = await visitor.newPage();
  const problems = watchErrors(reader);
  // A slow device's pace: there the browser paints a page before its markup is all parsed,
  // unless the page says not to (a half-parsed header row grew, and moved, as it arrived).
  const cdp = await visitor.newCDPSession(reader);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await reader.addInitScript(() => {
    // Each shift with what moved, so a failure names the element and when it moved.
    const shifts: string[] = [];
    (window as unknown as { shifts: string[] }).shifts = shifts;
    type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    const describe = (node: Node | null | undefined) =>
      node instanceof Element ? `${node.tagName.toLowerCase()}.${Array.from(node.classList).slice(0, 4).join('.')} "${(node.textContent ?? '').slice(0, 40)}"` : String(node?.nodeName);
    const rect = (box: DOMRectReadOnly) => `${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}x${Math.round(box.height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Source[] })[]) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map((source) => `${describe(source.node)} ${rect(source.previousRect)} -> ${rect(source.currentRect)}`);
        shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const asked: string[] = [];
  reader.on('request', (request) => {
    const url = new URL(request.url());
    // The live-update stream is no data request: it starts after hydration by design.
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/events') asked.push(`${request.method()} ${url.pathname}${url.search}`);
  });

  for (const path of [`/thread/${threadId}`, '/board/g', '/', '/recent']) {
    asked.length = 0;
    await reader.goto(path, { waitUntil: 'load' });
    // Hydrated: a control only the app makes work answers (the theme menu opens).
    await reader.getByRole('button', { name: 'Theme' }).click();
    await expect(reader.getByRole('menu')).toBeVisible();
    await reader.keyboard.press('Escape');
    await reader.waitForTimeout(500);
    expect(asked, `${path}: requests after load`).toEqual([]);
    expect(await reader.evaluate(() => (window as unknown as { shifts: string[] }).shifts), `${path}: layout shifts`).toEqual([]);
  }
  await expect(reader.getByText(/Hydration /).first()).toBeVisible();

  // The oldest reply, past the first three, hydrates after the page (lib/hydrate-in-turns.tsx),
  // and then answers: its poster badge highlights the poster's thread and twelve replies.
  await reader.goto(`/thread/${threadId}`);
  await reader.getByRole('button', { name: 'Theme' }).click();
  await reader.keyboard.press('Escape');
  await reader.getByRole('list', { name: 'Replies' }).getByRole('listitem').last().getByRole('button', { name: /poster ID/ }).click();
  await expect(reader.locator('[data-poster-highlighted]')).toHaveCount(13);
  expect(problems, 'the browser reported errors').toEqual([]);
  await visitor.close();
});
