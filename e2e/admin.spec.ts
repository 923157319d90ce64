import { createAdmin, createPostViaApi, createThreadViaApi, expect, expectToast, loginViaApi, registerViaApi, test, uniqueUsername } from './fixtures.js';

test('an admin stickies, locks, deletes a post and deletes the thread', { tag: '@desktop' }, async ({ page }) => {
  test.setTimeout(60_000);
  const admin = uniqueUsername('admin');
  createAdmin(admin);
  // Someone else's content: an admin deleting their own is its author, not a moderator.
  await registerViaApi(page, uniqueUsername('poster'), 'poster pass');
  const title = `Moderated ${Date.now()}`;
  const id = await createThreadViaApi(page, 'g', title);
  const postId = await createPostViaApi(page, id, 'A reply that breaks the rules');
  await page.context().clearCookies();
  await loginViaApi(page, admin);

  await page.goto('/board/g');
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'Moderation actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Ban User' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Delete Thread' })).toBeVisible();
  await page.keyboard.press('Escape');
  await card.getByRole('link', { name: title, exact: true }).click();

  await expect(page).toHaveURL(`/thread/${id}`);
  const actions = page.getByRole('button', { name: 'Thread actions' });

  await actions.click();
  await page.getByRole('menuitem', { name: 'Sticky' }).click();
  await expectToast(page, 'Thread stickied');
  await expect(page.getByRole('article', { name: title }).getByText('Sticky', { exact: true })).toBeVisible();

  await actions.click();
  await page.getByRole('menuitem', { name: 'Lock', exact: true }).click();
  await expectToast(page, 'Thread locked');
  await expect(page.getByText('This thread is locked. No new replies can be added.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your reply' })).toHaveCount(0);

  await page.getByRole('button', { name: `Actions for post ${postId}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Ban User' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Delete Post' }).click();
  const confirmPost = page.getByRole('alertdialog', { name: 'Delete Post' });
  await expect(confirmPost.getByText('Are you sure you want to delete this post? This action cannot be undone.')).toBeVisible();
  await confirmPost.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Post deleted', 'The post has been successfully deleted');
  await expect(page.getByText('This post has been deleted by a moderator.')).toBeVisible();
  await page.getByRole('button', { name: `Actions for post ${postId}` }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Copy ID', 'Ban User']);
  await page.keyboard.press('Escape');

  await actions.click();
  await page.getByRole('menuitem', { name: 'Delete Thread' }).click();
  const confirmThread = page.getByRole('alertdialog', { name: 'Delete Thread' });
  await expect(
    confirmThread.getByText('Are you sure you want to delete this thread? This action cannot be undone and will delete the thread and all its replies.'),
  ).toBeVisible();
  await confirmThread.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Thread deleted', 'The thread has been successfully deleted');
  await expect(page).toHaveURL('/board/g');
  await expect(page.getByRole('link', { name: title, exact: true })).toHaveCount(0);
});

test('menu and dialog triggers announce their popup before and after their code loads', { tag: '@desktop' }, async ({ page }) => {
  const admin = uniqueUsername('admin');
  createAdmin(admin);
  await loginViaApi(page, admin);
  const title = `Announced ${Date.now()}`;
  const id = await createThreadViaApi(page, 'g', title);
  const postId = await createPostViaApi(page, id, 'A reply with a menu');

  // Each trigger is a plain button until first used (lib/on-first-use.tsx); assistive
  // technology must learn from it what Radix's trigger says once loaded.
  const expectTrigger = async (name: string, popup: 'menu' | 'dialog', expanded: 'true' | 'false') => {
    // includeHidden: a modal dialog hides the page behind it, its trigger included.
    const trigger = page.getByRole('button', { name, exact: true, includeHidden: true }).first();
    await expect(trigger).toHaveAttribute('aria-haspopup', popup);
    await expect(trigger).toHaveAttribute('aria-expanded', expanded);
    return trigger;
  };
  const checkAll = async (triggers: [string, 'menu' | 'dialog'][]) => {
    for (const [name, popup] of triggers) {
      const trigger = await expectTrigger(name, popup, 'false');
      await trigger.click();
      await expect(page.getByRole(popup === 'menu' ? 'menu' : 'dialog')).toBeVisible();
      await expectTrigger(name, popup, 'true');
      await page.keyboard.press('Escape');
      await expect(page.getByRole(popup === 'menu' ? 'menu' : 'dialog')).toBeHidden();
      await expectTrigger(name, popup, 'false');
    }
  };

  await page.goto('/board/g');
  await checkAll([
    ['Moderation actions', 'menu'],
    ['Theme', 'menu'],
    [`${admin.slice(0, 2).toUpperCase()}, user menu`, 'menu'],
    ['New Thread', 'dialog'],
  ]);
  await page.goto(`/thread/${id}`);
  await checkAll([
    ['Thread actions', 'menu'],
    [`Actions for post ${postId}`, 'menu'],
  ]);
});
