import { randomBytes } from 'node:crypto';
import {
  createAdmin,
  createPostViaApi,
  createThreadViaApi,
  expect,
  expectAccessible,
  expectToast,
  loginViaApi,
  registerViaApi,
  reportViaApi,
  screenshot,
  test,
  uniqueUsername,
} from './fixtures.js';

// Every e2e client shares 127.0.0.1's hash: bans here always use made-up hashes.
const madeUpHash = () => randomBytes(32).toString('hex');

test('a non-admin opening /mod is denied and sent home; a visitor is sent to log in', { tag: '@desktop' }, async ({ page }) => {
  await page.goto('/mod');
  await expect(page).toHaveURL('/auth');
  await registerViaApi(page, uniqueUsername('nosy'), 'secret pass');
  await page.goto('/mod');
  await expectToast(page, 'Access Denied', 'You do not have permission to access the moderation panel.');
  await expect(page).toHaveURL('/');
});

test('an admin bans a hash, sees it listed, copies it and unbans it', { tag: '@desktop' }, async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const admin = uniqueUsername('modban');
  createAdmin(admin);
  await loginViaApi(page, admin);
  await page.goto('/');
  await page.getByRole('button', { name: /user menu/ }).click();
  await page.getByRole('menuitem', { name: 'Moderation Panel' }).click();
  await expect(page).toHaveURL('/mod');
  await expect(page.getByRole('heading', { name: 'Moderation Panel' })).toBeVisible();

  await page.getByRole('button', { name: 'Ban IP' }).click();
  await expectToast(page, 'Missing Information', 'IP Hash is required');
  await expect(page.getByText('IP Hash is required').first()).toBeVisible();

  const hash = madeUpHash();
  await page.getByRole('textbox', { name: 'IP Hash' }).fill(hash);
  await page.getByRole('textbox', { name: /Reason/ }).fill('Spam wave');
  await page.getByRole('button', { name: 'Ban IP' }).click();
  await expectToast(page, 'IP Banned');
  const list = page.getByRole('list', { name: 'Banned IP hashes' });
  const entry = list.getByRole('listitem').filter({ hasText: hash });
  await expect(entry).toBeVisible();
  await expect(entry.getByText('Spam wave')).toBeVisible();
  await expect(entry.getByText('Permanent')).toBeVisible();

  await entry.getByRole('button', { name: /^Copy IP hash/ }).click();
  await expectToast(page, 'Copied to clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(hash);

  // A ban with an expiry shows it instead of 'Permanent'.
  const later = madeUpHash();
  await page.getByRole('textbox', { name: 'IP Hash' }).fill(later);
  await page.getByLabel(/Expires/).fill('2099-01-01T12:00');
  await page.getByRole('button', { name: 'Ban IP' }).click();
  await expectToast(page, 'IP Banned');
  await expect(list.getByRole('listitem').filter({ hasText: later }).getByText(/Expires Jan 1, 2099/)).toBeVisible();

  await entry.getByRole('button', { name: /^Unban/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Unban IP' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(entry).toBeVisible();
  await entry.getByRole('button', { name: /^Unban/ }).click();
  await confirm.getByRole('button', { name: 'Unban' }).click();
  await expectToast(page, 'IP Unbanned');
  await expect(list.getByText(hash)).toHaveCount(0);

  await page.getByRole('tab', { name: 'Log' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Log' }).getByText('Unbanned IP').first()).toBeVisible();
});

test('an admin resolves a report a user filed', { tag: '@desktop' }, async ({ page }) => {
  await registerViaApi(page, uniqueUsername('reporter'), 'secret pass');
  const title = `Reported thread ${Date.now()}`;
  const threadId = await createThreadViaApi(page, 'g', title);
  const postId = await createPostViaApi(page, threadId, 'Buy cheap watches at my shop');
  await reportViaApi(page, { postId }, 'This is spam');

  await page.context().clearCookies();
  const admin = uniqueUsername('modrep');
  createAdmin(admin);
  await loginViaApi(page, admin);
  await page.goto('/mod');
  await page.getByRole('tab', { name: 'Reports' }).click();
  const report = page.getByRole('article', { name: `Reply in “${title}”` });
  await expect(report.getByText('Buy cheap watches at my shop')).toBeVisible();
  await expect(report.getByText('This is spam')).toBeVisible();
  await expect(report.getByRole('link', { name: 'Go to thread' })).toHaveAttribute('href', `/thread/${threadId}#post-${postId}`);
  await report.getByRole('button', { name: 'Resolve' }).click();
  await expectToast(page, 'Report resolved');
  await expect(report).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Show' }).selectOption('resolved');
  await expect(page.getByRole('article', { name: `Reply in “${title}”` }).getByText(/Resolved .* by /)).toBeVisible();
});

test('an admin finds the IP hashes of a thread', { tag: '@desktop' }, async ({ page }) => {
  const admin = uniqueUsername('modfind');
  createAdmin(admin);
  await loginViaApi(page, admin);
  const threadId = await createThreadViaApi(page, 'g', `IP finder ${Date.now()}`);
  const postId = await createPostViaApi(page, threadId, 'A reply from the same place');

  await page.goto('/mod');
  await page.getByRole('tab', { name: 'IP Finder' }).click();
  const finder = page.getByRole('tabpanel', { name: 'IP Finder' });
  await finder.getByRole('textbox', { name: 'Thread ID' }).fill('abc');
  await finder.getByRole('button', { name: 'Find IPs' }).click();
  await expect(finder.getByText('Thread ID must be a number')).toBeVisible();

  await finder.getByRole('textbox', { name: 'Thread ID' }).fill('99999999');
  await finder.getByRole('button', { name: 'Find IPs' }).click();
  await expect(finder.getByText('Failed to load thread data. Please check if the thread ID is valid.')).toBeVisible();

  await finder.getByRole('textbox', { name: 'Thread ID' }).fill(String(threadId));
  await finder.getByRole('button', { name: 'Find IPs' }).click();
  const item = finder.getByRole('listitem').filter({ hasText: 'Thread author' });
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('link', { name: `#${postId}` })).toBeVisible();
  await expect(item.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  // The ban button opens the dialog; this hash is every e2e client's, so it is not banned here.
  await item.getByRole('button', { name: /^Ban / }).click();
  const dialog = page.getByRole('dialog', { name: 'Ban IP' });
  await expect(dialog.getByRole('textbox', { name: 'IP Hash' })).toHaveValue(/^[0-9a-f]{64}$/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});

test('screenshots and accessibility of the moderation panel', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const project = testInfo.project.name;
  const admin = uniqueUsername('modshot');
  createAdmin(admin);
  await loginViaApi(page, admin);
  const threadId = await createThreadViaApi(page, 'g', `Moderation screenshots ${Date.now()}`);
  const postId = await createPostViaApi(page, threadId, 'Something worth a report for the screenshot');
  await reportViaApi(page, { postId }, 'Screenshot report');
  const token = (await page.request.get('/api/user')).headers()['x-csrf-token'] ?? '';
  await page.request.post('/api/moderation/ban-ip', { data: { ipHash: madeUpHash(), reason: 'Screenshot ban' }, headers: { 'X-CSRF-Token': token } });

  await page.goto('/mod');
  await expect(page.getByText('Screenshot ban').first()).toBeVisible();
  await screenshot(page, 'mod-bans', project);
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'IP Finder' }).click();
  await page.getByRole('textbox', { name: 'Thread ID' }).fill(String(threadId));
  await page.getByRole('button', { name: 'Find IPs' }).click();
  await expect(page.getByText('Thread author')).toBeVisible();
  await screenshot(page, 'mod-finder', project);
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Reports' }).click();
  await expect(page.getByText('Screenshot report').first()).toBeVisible();
  await screenshot(page, 'mod-reports', project);
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Log' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Log' }).getByRole('listitem').first()).toBeVisible();
  await screenshot(page, 'mod-log', project);
  await expectAccessible(page);
});
