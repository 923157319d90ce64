import {
  createAdmin,
  createPostViaApi,
  createThreadViaApi,
  expect,
  expectAccessible,
  expectToast,
  loginViaApi,
  registerViaApi,
  test,
  uniqueUsername,
} from './fixtures.js';

// Every e2e client shares 127.0.0.1's hash, so the ban here covers the admin's browser
// too: the admin signs in before it (signing in is what a ban refuses; moderating is
// not), and the ban is lifted at the end whatever happens, so later specs can post.
test('a banned visitor sees the ban page, appeals, and posts again once an admin accepts', { tag: '@desktop' }, async ({ page, browser }) => {
  test.setTimeout(90_000);
  const admin = uniqueUsername('modappeal');
  createAdmin(admin);
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await loginViaApi(adminPage, admin);

  await registerViaApi(page, uniqueUsername('appellant'), 'appellant pass');
  const title = `Banned for links ${Date.now()}`;
  const threadId = await createThreadViaApi(page, 'g', title);
  const postId = await createPostViaApi(page, threadId, 'Buy cheap links here');

  let ipHash: string | undefined;
  try {
    // The admin bans the poster of that reply, choosing the scope in the dialog.
    await adminPage.goto(`/thread/${threadId}`);
    await adminPage.getByRole('button', { name: `Actions for post ${postId}` }).click();
    await adminPage.getByRole('menuitem', { name: 'Ban User' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Ban User' });
    ipHash = await dialog.getByRole('textbox', { name: 'IP Hash' }).inputValue();
    await dialog.getByRole('combobox', { name: 'Scope' }).selectOption('subnet');
    await expect(dialog.getByText(/^Covers \d+ known address(es)?\.$/)).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Scope' }).selectOption('ip');
    await expect(dialog.getByText('Covers 1 known address.')).toBeVisible();
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('Spamming links');
    await dialog.getByRole('button', { name: 'Ban User' }).click();
    await expectToast(adminPage, 'User Banned');

    // The poster's next reply opens the ban page instead of an error toast.
    await page.goto(`/thread/${threadId}`);
    await page.getByRole('textbox', { name: 'Your reply' }).fill('One more link');
    await page.getByRole('button', { name: 'Post Reply' }).click();
    await expect(page).toHaveURL('/banned');
    await expect(page.getByRole('heading', { name: 'You are banned' })).toBeVisible();
    await expect(page.getByText('Spamming links')).toBeVisible();
    await expect(page.getByText('Permanent')).toBeVisible();
    await expect(page.getByRole('region', { name: /Notifications/ }).getByText(/banned/i)).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('textbox', { name: 'Your appeal' }).fill('too short');
    await page.getByRole('button', { name: 'Send Appeal' }).click();
    await expect(page.getByText('Please explain in at least 10 characters')).toBeVisible();
    await page.getByRole('textbox', { name: 'Your appeal' }).fill('That was my cousin on our shared wifi, it will not happen again.');
    await page.getByRole('button', { name: 'Send Appeal' }).click();
    await expect(page.getByText('Pending review')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Your appeal' })).toHaveCount(0);

    // The admin accepts it in the queue next to the reports.
    await adminPage.goto('/mod');
    await adminPage.getByRole('tab', { name: 'Appeals' }).click();
    const appeal = adminPage.getByRole('tabpanel', { name: 'Appeals' }).getByRole('article').filter({ hasText: 'That was my cousin' });
    await expect(appeal.getByText('Pending', { exact: true })).toBeVisible();
    await appeal.getByRole('textbox', { name: /Response/ }).fill('Fair enough, welcome back.');
    await appeal.getByRole('button', { name: 'Accept' }).click();
    await expectToast(adminPage, 'Appeal accepted', 'The ban has been lifted.');
    await expect(appeal.getByText('Accepted', { exact: true })).toBeVisible();
    ipHash = undefined;

    await page.reload();
    await expect(page.getByRole('heading', { name: 'You are not banned' })).toBeVisible();
    await page.goto(`/thread/${threadId}`);
    await page.getByRole('textbox', { name: 'Your reply' }).fill('Back, and on topic this time');
    await page.getByRole('button', { name: 'Post Reply' }).click();
    await expect(page.getByText('Back, and on topic this time')).toBeVisible();
    await expect(page).toHaveURL(`/thread/${threadId}`);

    // The public log, from the footer: what happened, never who or from where.
    await page.getByRole('link', { name: 'Moderation log' }).click();
    await expect(page.getByRole('heading', { name: 'Moderation Log' })).toBeVisible();
    const log = page.getByRole('list', { name: 'Moderation actions' });
    await expect(log.getByRole('listitem').filter({ hasText: 'Appeal accepted' }).first()).toBeVisible();
    await expect(log.getByRole('listitem').filter({ hasText: 'Reason: Spamming links' }).first()).toContainText('an IP address');
    await expect(log).not.toContainText(admin);
    await expectAccessible(page);
  } finally {
    if (ipHash) {
      const token = (await adminPage.request.get('/api/user')).headers()['x-csrf-token'] ?? '';
      await adminPage.request.delete(`/api/moderation/ban-ip/${ipHash}`, { headers: { 'X-CSRF-Token': token } });
    }
    await adminContext.close();
  }
});
