import { createAdmin, createPostViaApi, createThreadViaApi, currentUserId, expect, loginViaApi, test, uniqueUsername } from './fixtures.js';
import { overflowing } from './overflow.js';

// CONTRACT.md section 8: the mobile layout below 768 px. On the narrowest phones still
// sold (320 px) and the most common (375 px) no page may scroll sideways or cut
// anything off on the right.
const WIDTHS = [320, 375];

test('no page scrolls sideways or cuts content off at 320 and 375 px', { tag: '@mobile' }, async ({ page }) => {
  test.setTimeout(120_000);
  const admin = uniqueUsername('narrow');
  createAdmin(admin);
  await loginViaApi(page, admin);
  const threadId = await createThreadViaApi(page, 'g', `A rather long thread title to wrap on a phone ${Date.now()}`);
  await createPostViaApi(page, threadId, `A reply with a long link https://example.com/${'a'.repeat(120)} and >>${threadId}`);
  const userId = await currentUserId(page);

  const pages: [string, string][] = [
    ['/', 'Popular Boards'],
    ['/recent', 'Recent Threads'],
    ['/popular', 'Popular Threads'],
    ['/board/g', 'Technology'],
    [`/thread/${threadId}`, 'A rather long thread title'],
    ['/search?q=rather+long', 'Search'],
    ['/premium', 'Premium'],
    [`/users/${userId}`, admin],
    ['/mod', 'Moderation'],
    ['/notifications', 'No notifications yet'],
  ];
  const visitorPages: [string, string][] = [['/auth', 'Login']];

  const check = async (paths: [string, string][]) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 740 });
      for (const [path, text] of paths) {
        await page.goto(path);
        await expect(page.getByRole('main').getByText(text).first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        const result = await overflowing(page);
        expect.soft(result.scrollWidth, `${path} at ${width} px scrolls sideways`).toBeLessThanOrEqual(result.clientWidth);
        expect.soft(result.offenders, `${path} at ${width} px cuts off`).toEqual([]);
      }
    }
  };
  await check(pages);
  await page.context().clearCookies();
  await check(visitorPages);
});
