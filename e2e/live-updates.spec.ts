import type { Browser } from '@playwright/test';
import { createPostViaApi, createThreadViaApi, expect, registerViaApi, test, uniqueUsername } from './fixtures.js';

// Live updates (CONTRACT.md section 10): a reader with a thread open sees someone
// else's reply arrive through the tab's event stream, without a reload and without the
// 5 s poll; polling comes back only when the stream fails.

/** Someone else, in a browser of their own, who has started a thread on /g/. */
async function writerWithThread(browser: Browser, title: string) {
  const writerContext = await browser.newContext();
  const writer = await writerContext.newPage();
  await registerViaApi(writer, uniqueUsername('writer'), 'writer pass');
  const id = await createThreadViaApi(writer, 'g', `${title} ${Date.now()}`);
  return { writer, writerContext, id };
}

test('a reply posted by someone else appears without a reload, through the event stream', { tag: '@desktop' }, async ({ page, browser }) => {
  test.setTimeout(60_000);
  const { writer, writerContext, id } = await writerWithThread(browser, 'Live thread');

  const threadReads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api/threads/${id}`) threadReads.push(request.url());
  });
  const stream = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200);
  await page.goto(`/thread/${id}`);
  await expect(page.getByText('No replies yet. Be the first to reply!')).toBeVisible();
  expect((await stream).headers()['content-type']).toMatch(/^text\/event-stream/);
  // Longer than the poll period: with the stream open, the page does not poll; and the
  // thread came dehydrated in the server's HTML, so it was not read on load either.
  await page.waitForTimeout(6000);
  expect(threadReads).toEqual([]);

  await createPostViaApi(writer, id, 'Written in another browser');
  await expect(page.getByText('Written in another browser')).toBeVisible({ timeout: 3000 });
  // The event's one read, no more.
  expect(threadReads).toHaveLength(1);
  await writerContext.close();
});

test('a reply posted while the page loads, before its stream opens, still appears', { tag: '@desktop' }, async ({ page, browser }) => {
  test.setTimeout(60_000);
  const { writer, writerContext, id } = await writerWithThread(browser, 'Early reply thread');
  // The page's stream is held until the reply is in: the stream opens after it, as on a
  // slow phone, and resumes from the event the page's data was read at (`since`).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = '';
  await page.route('**/api/events?*', async (route) => {
    asked = route.request().url();
    await held;
    await route.continue();
  });
  await page.goto(`/thread/${id}`);
  await expect(page.getByText('No replies yet. Be the first to reply!')).toBeVisible();
  await expect.poll(() => asked).toContain('since=');
  await createPostViaApi(writer, id, 'Written before the stream opened');
  release();
  // Well before the 5 s poll (which stops once the stream is open): the replayed event's read.
  await expect(page.getByText('Written before the stream opened')).toBeVisible({ timeout: 3000 });
  await writerContext.close();
});

test('the thread falls back to polling when the event stream fails', { tag: '@desktop' }, async ({ page, browser }) => {
  test.setTimeout(60_000);
  const { writer, writerContext, id } = await writerWithThread(browser, 'Unstreamed thread');
  // The stream is refused (as a proxy without SSE support might): the browser gives up on it.
  await page.route('**/api/events**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"no"}' }));
  await page.goto(`/thread/${id}`);
  await expect(page.getByText('No replies yet. Be the first to reply!')).toBeVisible();
  await createPostViaApi(writer, id, 'Found by the poll');
  await expect(page.getByText('Found by the poll')).toBeVisible({ timeout: 8000 });
  await writerContext.close();
});
