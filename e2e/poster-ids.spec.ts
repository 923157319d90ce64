import { createPostViaApi, createThreadViaApi, expect, registerViaApi, test, uniqueUsername } from './fixtures.js';

test("poster IDs tell an anonymous thread's posters apart, and one click highlights a poster", async ({ page, browser }) => {
  // The opening poster starts an anonymous thread and answers in it; a second person answers twice.
  await registerViaApi(page, uniqueUsername('op'), 'password1');
  const title = `Who said what ${Date.now()}`;
  const threadId = await createThreadViaApi(page, 'g', title);
  const opReply = await createPostViaApi(page, threadId, 'The opening poster again');
  const other = await browser.newPage();
  await registerViaApi(other, uniqueUsername('other'), 'password1');
  const firstAnswer = await createPostViaApi(other, threadId, 'Someone else');
  const secondAnswer = await createPostViaApi(other, threadId, 'Someone else again');
  await other.close();

  // A visitor reads it.
  await page.context().clearCookies();
  await page.goto(`/thread/${threadId}`);
  const thread = page.getByRole('article', { name: title });
  const opBadge = thread.getByRole('button', { name: /^ID \S{8} OP, poster ID of the thread starter/ });
  await expect(opBadge).toBeVisible();
  const opId = (await opBadge.getAttribute('aria-label'))!.slice(3, 11);

  const badgeOf = (postId: number) => page.locator(`#post-${postId}`).getByRole('button', { name: /^ID / });
  await expect(badgeOf(opReply)).toHaveAccessibleName(new RegExp(`^ID ${opId} OP,`));
  await expect(badgeOf(firstAnswer)).not.toHaveAccessibleName(new RegExp(opId));
  const otherName = await badgeOf(firstAnswer).getAttribute('aria-label');
  await expect(badgeOf(secondAnswer)).toHaveAttribute('aria-label', otherName!);

  // Pressing one of the second poster's badges highlights both their posts, and nothing else.
  await badgeOf(secondAnswer).click();
  await expect(badgeOf(secondAnswer)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-poster-highlighted]')).toHaveCount(2);
  await expect(page.locator(`#post-${firstAnswer}`)).toHaveAttribute('data-poster-highlighted', 'true');
  await expect(page.locator(`#post-${opReply}`)).not.toHaveAttribute('data-poster-highlighted');
  // The opening poster's badge highlights the opening post and their reply instead; again, nothing.
  await opBadge.click();
  await expect(thread).toHaveAttribute('data-poster-highlighted', 'true');
  await expect(page.locator(`#post-${opReply}`)).toHaveAttribute('data-poster-highlighted', 'true');
  await expect(page.locator('[data-poster-highlighted]')).toHaveCount(2);
  await opBadge.click();
  await expect(page.locator('[data-poster-highlighted]')).toHaveCount(0);
});
