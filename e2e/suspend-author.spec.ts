import {
  createAdmin,
  createPostViaApi,
  createThreadViaApi,
  expect,
  expectAccessible,
  expectHydrated,
  expectToast,
  loginViaApi,
  registerViaApi,
  test,
  uniqueUsername,
} from './fixtures.js';

// Suspending the author of an anonymous reply (CONTRACT.md section 13): the admin never
// learns who wrote it, and the author meets the ban page on their next write. Unlike an
// IP ban this covers no other e2e browser, though they all share 127.0.0.1.
test('an admin suspends the author of an anonymous post from its menu; the author sees the ban page and appeals', { tag: '@desktop' }, async ({ page, browser }) => {
  test.setTimeout(90_000);
  const admin = uniqueUsername('modsusp');
  createAdmin(admin);
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await loginViaApi(adminPage, admin);

  const author = uniqueUsername('anonauthor');
  await registerViaApi(page, author, 'author password');
  const title = `Suspended here ${Date.now()}`;
  const threadId = await createThreadViaApi(page, 'g', title);
  const postId = await createPostViaApi(page, threadId, 'Something that breaks the rules');

  let suspensionId: number | undefined;
  try {
    await adminPage.goto(`/thread/${threadId}`);
    await adminPage.getByRole('button', { name: `Actions for post ${postId}` }).click();
    await adminPage.getByRole('menuitem', { name: 'Suspend Author' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Suspend Author' });
    await expect(dialog.getByText(/Nobody, admins included, learns who they are/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Suspend Author' }).click();
    await expect(dialog.getByText('Please give a reason')).toBeVisible();
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('Breaking rule 3');
    await dialog.getByRole('button', { name: 'Suspend Author' }).click();
    await expectToast(adminPage, 'Author Suspended');
    // Nothing on the page names the author to the admin.
    await expect(adminPage.getByRole('main')).not.toContainText(author);

    // The panel lists it by its content; the id is kept to lift it whatever happens.
    await adminPage.goto('/mod');
    await adminPage.getByRole('tab', { name: 'Suspended Authors' }).click();
    const panel = adminPage.getByRole('tabpanel', { name: 'Suspended Authors' });
    const entry = panel.getByRole('listitem').filter({ hasText: title });
    await expect(entry).toContainText(`Post #${postId}`);
    await expect(entry).toContainText('Breaking rule 3');
    await expect(panel).not.toContainText(author);
    suspensionId = Number(/^Lift suspension (\d+)$/.exec((await entry.getByRole('button', { name: /Lift suspension/ }).getAttribute('aria-label')) ?? '')?.[1]);

    // The author's next reply opens the ban page, with the reason and the appeal form.
    await page.goto(`/thread/${threadId}`);
    await expectHydrated(page);
    await page.getByRole('textbox', { name: 'Your reply' }).fill('One more try');
    await page.getByRole('button', { name: 'Post Reply' }).click();
    await expect(page).toHaveURL('/banned');
    await expect(page.getByRole('heading', { name: 'You are banned' })).toBeVisible();
    await expect(page.getByText('Breaking rule 3')).toBeVisible();
    await expect(page.getByText('Permanent')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'Your appeal' }).fill('I misread the rules, it will not happen again.');
    await page.getByRole('button', { name: 'Send Appeal' }).click();
    await expect(page.getByText('Pending review')).toBeVisible();

    // The admin sees the appeal named by its content, and lifts the suspension from the panel.
    await adminPage.getByRole('tab', { name: 'Appeals' }).click();
    const appeal = adminPage.getByRole('tabpanel', { name: 'Appeals' }).getByRole('article').filter({ hasText: 'I misread the rules' });
    await expect(appeal).toContainText(`Author of post #${postId} in thread #${threadId}`);
    await adminPage.getByRole('tab', { name: 'Suspended Authors' }).click();
    await entry.getByRole('button', { name: /Lift suspension/ }).click();
    await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Lift' }).click();
    await expectToast(adminPage, 'Suspension Lifted');
    suspensionId = undefined;
    await expect(panel.getByText('No authors are suspended.').or(panel.getByRole('listitem').filter({ hasText: title })).first()).toBeVisible();
    await expect(panel.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'You are not banned' })).toBeVisible();
    await page.goto(`/thread/${threadId}`);
    await expectHydrated(page);
    await page.getByRole('textbox', { name: 'Your reply' }).fill('Back, within the rules');
    await page.getByRole('button', { name: 'Post Reply' }).click();
    await expect(page.getByText('Back, within the rules')).toBeVisible();

    // The public log: the author of a post in the thread, never who.
    await page.goto('/moderation-log');
    const log = page.getByRole('list', { name: 'Moderation actions' });
    await expect(log.getByRole('listitem').filter({ hasText: 'Reason: Breaking rule 3' }).first()).toContainText(`the author of a post in ${title}`);
    await expect(log).not.toContainText(author);
  } finally {
    if (suspensionId) {
      const token = (await adminPage.request.get('/api/user')).headers()['x-csrf-token'] ?? '';
      await adminPage.request.delete(`/api/moderation/suspend-author/${suspensionId}`, { headers: { 'X-CSRF-Token': token } });
    }
    await adminContext.close();
  }
});
