import { PNG_8X8, createPostViaApi, createThreadViaApi, expect, expectToast, registerViaApi, test, uniqueUsername } from './fixtures.js';

test('a user registers, creates a thread with an image, replies, nests, quotes and votes', { tag: '@desktop' }, async ({ page }) => {
  test.setTimeout(60_000);
  const username = uniqueUsername('poster');
  await page.goto('/auth?tab=register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('poster pass');
  await page.getByLabel('Confirm password').fill('poster pass');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/');

  // Create a thread with an image from the header's New Thread dialog.
  await page.getByRole('banner').getByRole('button', { name: 'New Thread' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Thread' });
  await dialog.getByLabel('Board').selectOption({ label: '/g/ - Technology' });
  const title = `My first thread ${Date.now()}`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Content').fill('Hello board, this is my thread.');
  await dialog.getByLabel(/^Image/).setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PNG_8X8 });
  await expect(dialog.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
  await expect(dialog.getByLabel('Post anonymously')).toBeChecked();
  await dialog.getByLabel('Post anonymously').uncheck();
  await expect(dialog.getByText(`Posting as ${username}`)).toBeVisible();
  await expect(dialog.getByText('Premium Member Required')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Upgrade your account' })).toHaveAttribute('href', '/premium');
  await dialog.getByRole('button', { name: 'Create Thread' }).click();

  await expectToast(page, 'Thread created!', 'Your thread has been created successfully.');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/thread\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const thread = page.getByRole('article', { name: title });
  await expect(thread.getByRole('link', { name: username })).toBeVisible();
  await expect(thread.getByRole('img', { name: 'pixel.png' })).toBeVisible();
  await expect(page.getByText('No replies yet. Be the first to reply!')).toBeVisible();

  // Reply.
  await page.getByRole('textbox', { name: 'Your reply' }).fill('First reply from me');
  await page.getByRole('button', { name: 'Post Reply' }).click();
  await expectToast(page, 'Reply posted!', 'Your reply has been added to the thread.');
  const first = page.getByRole('article').filter({ hasText: 'First reply from me' });
  await expect(first).toBeVisible();
  const firstId = (await first.getAttribute('id'))?.replace('post-', '') ?? '';

  // Reply to the reply: it nests under it.
  await first.getByRole('button', { name: 'Reply' }).click();
  await page.getByRole('textbox', { name: `Reply to post ${firstId}` }).fill('A nested answer');
  await page.getByRole('button', { name: 'Post Reply' }).last().click();
  await expect(page.getByRole('list', { name: `Replies to post ${firstId}` }).getByText('A nested answer')).toBeVisible();

  // Quote the first reply, then follow the reference.
  await first.getByRole('button', { name: 'Quote' }).click();
  await expect(page.getByRole('textbox', { name: 'Your reply' })).toHaveValue(`>>${firstId}\n>First reply from me\n`);
  await page.getByRole('textbox', { name: 'Your reply' }).press('End');
  await page.getByRole('textbox', { name: 'Your reply' }).pressSequentially('Quoting you');
  await page.getByRole('button', { name: 'Post Reply' }).first().click();
  const quoting = page.getByRole('article').filter({ hasText: 'Quoting you' });
  await quoting.getByRole('link', { name: `>>${firstId}` }).click();
  await expect(page).toHaveURL(new RegExp(`#post-${firstId}$`));
  await expect(page.locator(`#post-${firstId}`)).toHaveClass(/post-highlight/);
  await expect(page.locator(`#post-${firstId}`)).toBeInViewport();
  await expect(page.locator(`#post-${firstId}`)).not.toHaveClass(/post-highlight/, { timeout: 4000 });

  // Vote the thread up, then down; the choice is highlighted and survives a reload.
  const up = thread.getByRole('button', { name: 'Upvote' });
  const down = thread.getByRole('button', { name: 'Downvote' });
  await up.click();
  await expect(up).toHaveAttribute('aria-pressed', 'true');
  await expect(thread.getByTestId('vote-score')).toHaveText('1');
  // The highlight is optimistic: wait for the server's answer before reloading, as a
  // reload sent while the vote is in flight may read the state from before it.
  const downRecorded = page.waitForResponse((response) => /\/api\/threads\/\d+\/vote$/.test(response.url()) && response.ok());
  await down.click();
  await downRecorded;
  await expect(down).toHaveAttribute('aria-pressed', 'true');
  await expect(up).toHaveAttribute('aria-pressed', 'false');
  await expect(thread.getByTestId('vote-score')).toHaveText('-1');
  await page.reload();
  await expect(page.getByRole('article', { name: title }).getByRole('button', { name: 'Downvote' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('article', { name: title }).getByTestId('vote-score')).toHaveText('-1');

  // Vote a reply up: after a reload its highlight comes with one request for all the replies' votes, none per reply.
  const reply = page.locator(`#post-${firstId}`);
  const upRecorded = page.waitForResponse((response) => /\/api\/posts\/\d+\/vote$/.test(response.url()) && response.ok());
  await reply.getByRole('button', { name: 'Upvote' }).click();
  await upRecorded;
  await expect(reply.getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'true');
  const askedPerReply: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/posts\/\d+\/user-vote/.test(request.url())) askedPerReply.push(request.url());
  });
  const repliesVotes = page.waitForResponse((response) => response.url().endsWith('/post-votes'));
  await page.reload();
  await repliesVotes;
  await expect(reply.getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'true');
  await expect(reply.getByTestId('vote-score')).toHaveText('1');
  expect(askedPerReply).toEqual([]);

  // The board page shows the thread's vote too, asked once for all its cards, none per card.
  const askedPerThread: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/threads\/\d+\/user-vote/.test(request.url())) askedPerThread.push(request.url());
  });
  const listVotes = page.waitForResponse((response) => response.url().includes('/api/user/thread-votes?ids='));
  await page.goto('/board/g');
  await listVotes;
  const card = page.getByRole('article', { name: title });
  await expect(card.getByRole('button', { name: 'Downvote' })).toHaveAttribute('aria-pressed', 'true');
  expect(askedPerThread).toEqual([]);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Save it, and find it in the saved list from the user menu.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: /, user menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Saved threads' }).click();
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();

  // Report it to the moderators.
  await page.getByRole('link', { name: title, exact: true }).click();
  await page.getByRole('button', { name: 'Thread actions' }).click();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  const report = page.getByRole('dialog', { name: 'Report thread' });
  await report.getByRole('button', { name: 'Send Report' }).click();
  await expect(report.getByText('Please give a reason')).toBeVisible();
  await report.getByLabel('Reason').fill('Testing the report flow');
  await report.getByRole('button', { name: 'Send Report' }).click();
  await expectToast(page, 'Report sent');
});

test('Load More Replies fetches the replies after the first hundred', { tag: '@desktop' }, async ({ page }) => {
  test.setTimeout(60_000);
  await registerViaApi(page, uniqueUsername('many'), 'many pass');
  const id = await createThreadViaApi(page, 'mu', `Long thread ${Date.now()}`);
  for (let i = 1; i <= 103; i++) await createPostViaApi(page, id, `Reply number ${i}`);
  await page.goto(`/thread/${id}`);
  await expect(page.getByText('Reply number 100', { exact: true })).toBeVisible();
  await expect(page.getByText('Reply number 103', { exact: true })).toHaveCount(0);
  // Replies above the button take their real height as they scroll into view (content-visibility):
  // bring it into view first, so the click lands where the button has settled.
  const loadMore = page.getByRole('button', { name: 'Load More Replies' });
  await loadMore.scrollIntoViewIfNeeded();
  await expect(loadMore).toBeInViewport({ ratio: 1 });
  await loadMore.click();
  await expect(page.getByText('Reply number 103', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load More Replies' })).toHaveCount(0);
});

test('the thread refreshes itself every 5 s while Auto is on', { tag: '@desktop' }, async ({ page }) => {
  await registerViaApi(page, uniqueUsername('auto'), 'auto pass');
  const id = await createThreadViaApi(page, 'v', `Live ${Date.now()}`);
  await page.goto(`/thread/${id}`);
  await expect(page.getByText('No replies yet. Be the first to reply!')).toBeVisible();
  await createPostViaApi(page, id, 'Arrived while you were reading');
  await expect(page.getByText('Arrived while you were reading')).toBeVisible({ timeout: 8000 });
});

test('validation messages of the thread, reply and login forms', { tag: '@desktop' }, async ({ page }) => {
  const username = uniqueUsername('val');
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Username').fill('a'.repeat(21));
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Username must be no more than 20 characters')).toBeVisible();
  await page.getByLabel('Username').fill('bad name!');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Username can only contain letters, numbers, and underscores')).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('val pass');
  await page.getByLabel('Confirm password').fill('val pass');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/');

  await page.getByRole('banner').getByRole('button', { name: 'New Thread' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Thread' });
  const create = dialog.getByRole('button', { name: 'Create Thread' });
  await create.click();
  await expect(dialog.getByText('Please select a board')).toBeVisible();
  await expect(dialog.getByText('Title must be at least 3 characters')).toBeVisible();
  await expect(dialog.getByText('Content must be at least 5 characters')).toBeVisible();
  await dialog.getByLabel('Title').fill('x'.repeat(101));
  await create.click();
  await expect(dialog.getByText('Title must be less than 100 characters')).toBeVisible();
  await dialog.getByLabel(/^Image/).setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await create.click();
  await expect(dialog.getByText('Image must be less than 5MB')).toBeVisible();
  await dialog.getByLabel('Board').selectOption({ label: '/g/ - Technology' });
  await dialog.getByLabel('Title').fill('Validation thread');
  await dialog.getByLabel('Content').fill('Body of the validation thread');
  await dialog.getByRole('button', { name: 'Remove image' }).click();
  await create.click();
  await expect(page).toHaveURL(/\/thread\/\d+$/);

  const reply = page.getByRole('button', { name: 'Post Reply' });
  await reply.click();
  await expect(page.getByText('Reply cannot be empty')).toBeVisible();
  await expect(reply).toBeEnabled();
  await page.getByRole('textbox', { name: 'Your reply' }).fill('y'.repeat(2001));
  await reply.click();
  await expect(page.getByText('Reply must be less than 2000 characters')).toBeVisible();
});

test('the colour theme and palette survive a reload', { tag: '@desktop' }, async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Theme' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Forest' })).toBeDisabled();
  await page.getByRole('menuitemcheckbox', { name: 'Custom Theme Colors' }).click();
  await page.getByRole('menuitemradio', { name: 'Forest' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'forest');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'forest');
  expect(await page.evaluate(() => [localStorage.getItem('app-theme'), localStorage.getItem('custom-theme-enabled')])).toEqual(['forest', 'true']);
});
