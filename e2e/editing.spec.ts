import { createPostViaApi, createThreadViaApi, expect, expectHydrated, expectToast, registerViaApi, screenshot, test, uniqueUsername } from './fixtures.js';

// Editing one's own writing, its private history and its retraction, and two tabs saving
// over each other (CONTRACT.md section 14).

const PASSWORD = 'secret pass';
// Each is a whole journey (several saves, live updates between two tabs): more steps than the default 30 s allows on a loaded machine.
test.describe.configure({ timeout: 120_000 });

test('an author edits their anonymous reply, sees "edited", opens the history and erases it', { tag: '@desktop' }, async ({ page }, testInfo) => {
  await registerViaApi(page, uniqueUsername('editor'), PASSWORD);
  const threadId = await createThreadViaApi(page, 'g', `Edit me ${Date.now()}`);
  const postId = await createPostViaApi(page, threadId, 'My frist reply with a typo');

  await page.goto(`/thread/${threadId}`);
  await expectHydrated(page);
  const post = page.locator(`#post-${postId}`);
  await expect(post.locator('[data-edited]')).toHaveCount(0);
  // By keyboard: the Edit button takes focus and Enter opens the form.
  await post.getByRole('button', { name: `Edit post ${postId}` }).focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: `Edit post ${postId}` });
  const text = form.getByLabel('Your reply');
  await expect(text).toHaveValue('My frist reply with a typo');

  // The rules of a new reply, with its message, before anything is sent.
  await text.fill('   ');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Reply cannot be empty')).toBeVisible();

  await text.fill('My first reply, fixed');
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Saved', 'Your post has been edited.');
  await expect(form).toHaveCount(0);
  await expect(post.getByText('My first reply, fixed')).toBeVisible();
  await expect(post.locator('[data-edited] time')).toHaveAttribute('datetime', /^\d{4}-/);
  await expect(post.locator('[data-edited]')).toContainText('edited');

  // A visitor sees "edited" too, in the server-rendered page.
  const visitor = await page.context().browser()!.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/thread/${threadId}`);
  await expect(visitorPage.locator(`#post-${postId} [data-edited] time`)).toBeVisible();
  await expect(visitorPage.getByRole('button', { name: `Edit post ${postId}` })).toHaveCount(0);
  await expect(visitorPage.getByRole('button', { name: `History of post ${postId}` })).toHaveCount(0);
  await visitor.close();

  await post.getByRole('button', { name: `History of post ${postId}` }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  await expect(history.getByRole('list', { name: 'Earlier versions' }).getByRole('listitem')).toHaveCount(1);
  await expect(history.getByText('My frist reply with a typo')).toBeVisible();
  await expect(history.getByText('Version 1 · original')).toBeVisible();
  await screenshot(page, 'editing-history', testInfo.project.name, false);

  await history.getByRole('button', { name: 'Erase history' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Erase history' });
  await confirm.getByRole('button', { name: 'Erase' }).click();
  await expect(history.getByRole('status')).toHaveText('History erased: the earlier versions are gone for good.');
  await expect(history.getByRole('button', { name: 'Erase history' })).toBeDisabled();
  await expect(history.getByText('My frist reply with a typo')).toHaveCount(0);
  await history.getByRole('button', { name: 'Close' }).first().click();

  // Gone for good: the author's own history answers nothing any more.
  const left = await page.request.get(`/api/posts/${postId}/history`);
  expect(await left.json()).toEqual([]);
});

test('two tabs: the later save is refused as edited elsewhere, with the current text offered', { tag: '@desktop' }, async ({ page }) => {
  await registerViaApi(page, uniqueUsername('twotabs'), PASSWORD);
  const threadId = await createThreadViaApi(page, 'g', `Two tabs ${Date.now()}`);
  const postId = await createPostViaApi(page, threadId, 'Written once');
  const other = await page.context().newPage();
  for (const tab of [page, other]) {
    await tab.goto(`/thread/${threadId}`);
    await expectHydrated(tab);
  }
  // Both open the form on version 0.
  for (const tab of [page, other]) await tab.locator(`#post-${postId}`).getByRole('button', { name: `Edit post ${postId}` }).click();

  const first = page.getByRole('form', { name: `Edit post ${postId}` });
  await first.getByLabel('Your reply').fill('Saved from the first tab');
  await first.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Saved');

  // The other tab's page follows the edit live (the `update` event), its form still open.
  const otherPost = other.locator(`#post-${postId}`);
  await expect(otherPost.getByText('Saved from the first tab').first()).toBeVisible();
  const second = other.getByRole('form', { name: `Edit post ${postId}` });
  await second.getByLabel('Your reply').fill('Saved from the second tab');
  await second.getByRole('button', { name: 'Save' }).click();
  const alert = second.getByRole('alert');
  await expect(alert.getByText('This was edited elsewhere')).toBeVisible();
  await expect(alert.locator('[data-current-text]')).toHaveText('Saved from the first tab');
  await expect(second.getByRole('button', { name: 'Save' })).toBeDisabled();

  // Keeping their own text, knowingly: it saves over the version now seen.
  await alert.getByRole('button', { name: 'Keep my text' }).click();
  await expect(second.getByLabel('Your reply')).toHaveValue('Saved from the second tab');
  await second.getByRole('button', { name: 'Save' }).click();
  await expectToast(other, 'Saved');
  await expect(page.locator(`#post-${postId}`).getByText('Saved from the second tab')).toBeVisible();
  await other.close();
});

test('the thread edit form takes the use of the current text after a conflict', { tag: '@desktop' }, async ({ page }) => {
  await registerViaApi(page, uniqueUsername('threadedit'), PASSWORD);
  const title = `Thread to edit ${Date.now()}`;
  const threadId = await createThreadViaApi(page, 'g', title, 'The opening words of it.');
  await page.goto(`/thread/${threadId}`);
  await expectHydrated(page);
  await page.getByRole('button', { name: 'Edit thread' }).click();
  const form = page.getByRole('form', { name: 'Edit thread' });
  await expect(form.getByLabel('Title')).toHaveValue(title);

  // Meanwhile another device edits it.
  const token = (await page.request.get('/api/user')).headers()['x-csrf-token'] ?? '';
  const elsewhere = await page.request.patch(`/api/threads/${threadId}`, { data: { content: 'Changed on my phone meanwhile.', version: 0 }, headers: { 'X-CSRF-Token': token } });
  expect(elsewhere.status()).toBe(200);

  await form.getByLabel('Title').fill('ab');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Title must be at least 3 characters')).toBeVisible();
  await form.getByLabel('Title').fill(`${title}, renamed`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert').getByText('This was edited elsewhere')).toBeVisible();
  await form.getByRole('button', { name: 'Use the current text' }).click();
  await expect(form.getByLabel('Content')).toHaveValue('Changed on my phone meanwhile.');
  await form.getByLabel('Title').fill(`${title}, renamed`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Saved', 'Your thread has been edited.');
  await expect(page.getByRole('heading', { level: 1, name: `${title}, renamed` })).toBeVisible();
  await expect(page.locator('article[aria-labelledby="thread-title"] [data-edited]')).toBeVisible();
});

test('editing works at phone width: the form and the history fit 320 px', { tag: '@mobile' }, async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await registerViaApi(page, uniqueUsername('narrow'), PASSWORD);
  const threadId = await createThreadViaApi(page, 'g', `Narrow ${Date.now()}`);
  const postId = await createPostViaApi(page, threadId, 'A reply to edit on a phone');
  await page.goto(`/thread/${threadId}`);
  await expectHydrated(page);
  await page.locator(`#post-${postId}`).getByRole('button', { name: `Edit post ${postId}` }).click();
  const form = page.getByRole('form', { name: `Edit post ${postId}` });
  await form.getByLabel('Your reply').fill('Edited on a narrow screen');
  const box = await form.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(320);
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Saved');
  await page.locator(`#post-${postId}`).getByRole('button', { name: `History of post ${postId}` }).click();
  const dialog = page.getByRole('dialog', { name: 'History' });
  await expect(dialog.getByText('A reply to edit on a phone')).toBeVisible();
  const dialogBox = await dialog.boundingBox();
  expect(dialogBox!.x + dialogBox!.width).toBeLessThanOrEqual(320);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await screenshot(page, 'editing-history-narrow', testInfo.project.name, false);
});
