import { createPostViaApi, createThreadAs, expect, expectAccessible, registerViaApi, test, uniqueUsername } from './fixtures.js';

// Notifications (CONTRACT.md sections 10 and 11): a new user's bell counts up live while
// someone else replies anonymously and mentions them, the menu leads to the post, and
// the page marks everything read.

test('a new user sees the bell count rise live, follows an entry to the post and marks all read', { tag: '@desktop' }, async ({ page, browser }) => {
  test.setTimeout(60_000);
  const author = uniqueUsername('nauthor');
  await registerViaApi(page, author, 'author pass');
  const threadId = await createThreadAs(page, 'g', `Bell thread ${Date.now()}`, false);

  const countReads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/notifications/unread-count') countReads.push(request.url());
  });
  const stream = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200);
  await page.goto('/');
  const bell = page.getByRole('button', { name: 'Notifications', exact: true });
  await expect(bell).toBeVisible();
  await stream;

  const writerContext = await browser.newContext();
  const writer = await writerContext.newPage();
  await registerViaApi(writer, uniqueUsername('nwriter'), 'writer pass');
  const first = await createPostViaApi(writer, threadId, `Hello @${author}, welcome`);
  // Through the event stream: no reload, no poll.
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible({ timeout: 3000 });
  await createPostViaApi(writer, threadId, 'And a second thought');
  await expect(page.getByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible({ timeout: 3000 });
  expect(countReads).toHaveLength(1);
  await writerContext.close();

  await page.getByRole('button', { name: 'Notifications, 2 unread' }).click();
  const menu = page.getByRole('menu');
  // The thread is the author's: the reply beats the mention, and the anonymous replier stays anonymous.
  await expect(menu.getByRole('menuitem', { name: /^Anonymous replied to you in thread #\d+ \(unread\)/ })).toHaveCount(2);
  await menu.locator(`a[href="/thread/${threadId}#post-${first}"]`).click();
  await expect(page).toHaveURL(`/thread/${threadId}#post-${first}`);
  const post = page.locator(`#post-${first}`);
  await expect(post).toBeInViewport();
  // The mention is a link to the author's profile.
  await expect(post.getByRole('link', { name: `@${author}` })).toHaveAttribute('href', `/u/${author}`);
  // Opening an entry read it.
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();

  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await page.getByRole('menuitem', { name: 'See all notifications' }).click();
  await expect(page).toHaveURL('/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Anonymous replied to you/ })).toHaveCount(2);
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /\(unread\)/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  await expectAccessible(page);

  // The mention link leads to the profile.
  await page.goto(`/thread/${threadId}`);
  await page.getByRole('link', { name: `@${author}` }).click();
  await expect(page.getByRole('heading', { name: author })).toBeVisible();
});
