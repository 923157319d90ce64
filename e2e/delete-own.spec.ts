import type { Page } from '@playwright/test';
import { createPostViaApi, createThreadAs, currentUserId, expect, expectToast, registerViaApi, test, uniqueUsername } from './fixtures.js';

// Deleting your own (CONTRACT.md section 11): replies and threads from their menus, the account from the profile edit page.

const PASSWORD = 'secret pass';

/** A signed (not anonymous) reply through the API as the page's user; answers its id. */
async function signedReply(page: Page, threadId: number, content: string): Promise<number> {
  const token = (await page.request.get('/api/user')).headers()['x-csrf-token'] ?? '';
  const response = await page.request.post('/api/posts', { data: { threadId, content, isAnonymous: false }, headers: { 'X-CSRF-Token': token } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

test('an author deletes their own reply and thread from the menus, after confirming', { tag: '@desktop' }, async ({ page }) => {
  await registerViaApi(page, uniqueUsername('author'), PASSWORD);
  const title = `Mine to delete ${Date.now()}`;
  const threadId = await createThreadAs(page, 'g', title, true);
  const postId = await createPostViaApi(page, threadId, 'A reply I will take back');

  await page.goto(`/thread/${threadId}`);
  await page.getByRole('button', { name: `Actions for post ${postId}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Ban User' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Delete Post' }).click();
  const confirmPost = page.getByRole('alertdialog', { name: 'Delete Post' });
  await expect(confirmPost.getByText('Are you sure you want to delete this post? This action cannot be undone.')).toBeVisible();
  await confirmPost.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Post deleted', 'The post has been successfully deleted');
  await expect(page.getByText('This post has been deleted by its author.')).toBeVisible();
  await expect(page.getByText('A reply I will take back')).toHaveCount(0);

  await page.getByRole('button', { name: 'Thread actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Sticky' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Delete Thread' }).click();
  await page.getByRole('alertdialog', { name: 'Delete Thread' }).getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Thread deleted', 'The thread has been successfully deleted');
  await expect(page).toHaveURL('/board/g');
  await expect(page.getByRole('link', { name: title, exact: true })).toHaveCount(0);
});

test("others' posts offer no Delete", { tag: '@desktop' }, async ({ page }) => {
  await registerViaApi(page, uniqueUsername('writer'), PASSWORD);
  const threadId = await createThreadAs(page, 'g', `Not yours ${Date.now()}`, true);
  const postId = await createPostViaApi(page, threadId, 'Written by someone else');
  await page.context().clearCookies();
  await registerViaApi(page, uniqueUsername('reader'), PASSWORD);

  await page.goto(`/thread/${threadId}`);
  await page.getByRole('button', { name: `Actions for post ${postId}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Report' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Delete Post' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Thread actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Report' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Delete Thread' })).toHaveCount(0);
});

test('a user deletes their account with the typed confirmation; their reply stays, as Anonymous', { tag: '@desktop' }, async ({ page }) => {
  test.setTimeout(45_000);
  const username = uniqueUsername('leaver');
  await registerViaApi(page, username, PASSWORD);
  const userId = await currentUserId(page);
  const threadId = await createThreadAs(page, 'g', `Leaving soon ${Date.now()}`, false);
  const postId = await signedReply(page, threadId, 'My last words here');

  await page.goto(`/users/${userId}/edit`);
  const section = page.getByRole('region', { name: 'Delete account' });
  const button = section.getByRole('button', { name: 'Delete account' });
  const confirmation = section.getByLabel(`Type ${username} to confirm`);
  await expect(button).toBeDisabled();
  await section.getByLabel('Password').fill('not my password');
  await confirmation.fill(username.slice(0, -1));
  await expect(button).toBeDisabled();
  await confirmation.fill(username);
  await expect(button).toBeEnabled();
  await button.click();
  await expectToast(page, 'Account not deleted', 'Password is incorrect');
  await expect(section.getByText('Password is incorrect')).toBeVisible();

  await section.getByLabel('Password').fill(PASSWORD);
  await button.click();
  await expectToast(page, 'Account deleted');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Login / Register' })).toBeVisible();
  expect((await page.request.get('/api/user')).status()).toBe(401);

  await page.goto(`/thread/${threadId}`);
  const reply = page.locator(`#post-${postId}`);
  await expect(reply.getByText('My last words here')).toBeVisible();
  await expect(reply.getByRole('heading', { name: 'Anonymous' })).toBeVisible();
  await expect(page.getByRole('link', { name: username })).toHaveCount(0);
});
