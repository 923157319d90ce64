import { expect, expectHydrated, expectToast, registerViaApi, screenshot, test, uniqueUsername } from './fixtures.js';

// Polls (CONTRACT.md section 14): made in the New Thread dialog, voted in and changed on
// the thread page, and voted in without JavaScript through the page's HTML form.

test('a user creates a thread with a poll, votes, sees the counts and changes the vote', { tag: '@desktop' }, async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await registerViaApi(page, uniqueUsername('poller'), 'poller pass');
  await page.goto('/');
  await expectHydrated(page);

  await page.getByRole('banner').getByRole('button', { name: 'New Thread' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Thread' });
  await dialog.getByLabel('Board').selectOption({ label: '/g/ - Technology' });
  const title = `Poll thread ${Date.now().toString(36)}`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Content').fill('Tell us which one you use.');
  await dialog.getByText('Add a poll').click();
  await dialog.getByLabel('Question').fill('Which editor do you use?');
  // A duplicate is refused by the form with the API's message, before anything is sent.
  await dialog.getByRole('textbox', { name: 'Option 1', exact: true }).fill('Vim');
  await dialog.getByRole('textbox', { name: 'Option 2', exact: true }).fill('vim');
  await dialog.getByRole('button', { name: 'Create Thread' }).click();
  await expect(dialog.getByText('Options must all be different')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Option 2', exact: true }).fill('Emacs');
  await dialog.getByRole('button', { name: 'Add option' }).click();
  await dialog.getByRole('textbox', { name: 'Option 5', exact: true }).fill('Helix');
  await dialog.getByRole('button', { name: 'Remove option 4' }).click();
  await dialog.getByRole('textbox', { name: 'Option 3', exact: true }).fill('Nano');
  await dialog.getByLabel('Show results').selectOption({ label: 'After voting' });
  await dialog.getByLabel('Closes').selectOption({ label: 'In 1 day' });
  await dialog.getByRole('button', { name: 'Create Thread' }).click();

  await expectToast(page, 'Thread created!');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const poll = page.getByTestId('poll');
  await expect(poll.getByRole('heading', { name: 'Which editor do you use?' })).toBeVisible();
  await expect(poll.getByText('Results are shown once you have voted.')).toBeVisible();
  await expect(poll.getByRole('radio')).toHaveCount(4);
  await expect(poll.getByTestId('poll-count')).toHaveCount(0);

  await poll.getByRole('radio', { name: 'Emacs' }).check();
  await poll.getByRole('button', { name: 'Vote' }).click();
  await expectToast(page, 'Vote recorded');
  await expect(poll.getByText('1 voter')).toBeVisible();
  await expect(poll.getByTestId('poll-count')).toHaveText(['0 (0%)', '1 (100%)', '0 (0%)', '0 (0%)']);

  await poll.getByRole('radio', { name: 'Helix' }).check();
  await poll.getByRole('button', { name: 'Change vote' }).click();
  await expectToast(page, 'Vote changed');
  await expect(poll.getByTestId('poll-count')).toHaveText(['0 (0%)', '0 (0%)', '0 (0%)', '1 (100%)']);
  await screenshot(page, 'poll-thread', testInfo.project.name);
  // After a reload (a signed-in reader's own page) the choice is still theirs.
  await page.reload();
  await expect(poll.getByRole('radio', { name: 'Helix' })).toBeChecked();

  // The board's card carries the badge.
  await page.goto('/board/g');
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card.getByText('Poll', { exact: true })).toBeVisible();
});

test('without JavaScript, a signed-in reader votes through the poll form', { tag: '@desktop' }, async ({ browser, page }) => {
  test.setTimeout(60_000);
  await registerViaApi(page, uniqueUsername('pollop'), 'password1');
  const token = (await page.request.get('/api/user')).headers()['x-csrf-token'] ?? '';
  const board = (await (await page.request.get('/api/boards/g')).json()) as { id: number };
  const created = await page.request.post('/api/threads', {
    data: { boardId: board.id, title: `No-JS poll ${Date.now().toString(36)}`, content: 'Vote without scripts.', poll: { question: 'Tea or coffee?', options: ['Tea', 'Coffee'], multiple: true, showResults: 'always' } },
    headers: { 'X-CSRF-Token': token },
  });
  expect(created.status()).toBe(201);
  const threadId = ((await created.json()) as { id: number }).id;

  const context = await browser.newContext({ javaScriptEnabled: false });
  const reader = await context.newPage();
  // A visitor sees the poll and its counts, and is asked to sign in.
  await reader.goto(`/thread/${threadId}`);
  const poll = reader.getByTestId('poll');
  await expect(poll.getByRole('heading', { name: 'Tea or coffee?' })).toBeVisible();
  await expect(poll.getByRole('link', { name: 'Sign in' })).toBeVisible();

  // Sign in with the plain form, then vote for both.
  const username = uniqueUsername('nojsvote');
  const other = await browser.newContext();
  await registerViaApi(await other.newPage(), username, 'secret1');
  await reader.goto('/auth');
  await reader.getByLabel('Username').fill(username);
  await reader.getByLabel('Password').fill('secret1');
  await reader.getByRole('button', { name: 'Log in' }).click();
  await expect(reader).toHaveURL(/\/$/);
  await reader.goto(`/thread/${threadId}`);
  // Nothing chosen: the server's message, on the page again.
  await poll.getByRole('button', { name: 'Vote' }).click();
  await expect(poll.getByText('Choose at least one option').first()).toBeVisible();
  await poll.getByRole('checkbox', { name: 'Tea' }).check();
  await poll.getByRole('checkbox', { name: 'Coffee' }).check();
  await poll.getByRole('button', { name: 'Vote' }).click();
  await expect(reader).toHaveURL(new RegExp(`/thread/${threadId}#poll$`));
  await expect(poll.getByTestId('poll-count')).toHaveText(['1 (100%)', '1 (100%)']);
  await expect(poll.getByRole('checkbox', { name: 'Tea' })).toBeChecked();
  // Changed: only coffee now.
  await poll.getByRole('checkbox', { name: 'Tea' }).uncheck();
  await poll.getByRole('button', { name: 'Change vote' }).click();
  await expect(poll.getByTestId('poll-count')).toHaveText(['0 (0%)', '1 (100%)']);

  // A visitor's page shows the counts and nobody's choice.
  const visitor = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await visitor.goto(`/thread/${threadId}`);
  await expect(visitor.getByTestId('poll').getByTestId('poll-count')).toHaveText(['0 (0%)', '1 (100%)']);
  await expect(visitor.getByTestId('poll').getByRole('checkbox', { checked: true })).toHaveCount(0);
  await context.close();
  await other.close();
});
