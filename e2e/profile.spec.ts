import {
  createThreadAs,
  currentUserId,
  expect,
  expectAccessible,
  expectToast,
  registerViaApi,
  screenshot,
  test,
  uniqueUsername,
} from './fixtures.js';

const PASSWORD = 'secret pass';

test('a profile shows the signed threads to others, never the anonymous ones', { tag: '@desktop' }, async ({ page }) => {
  const author = uniqueUsername('author');
  await registerViaApi(page, author, PASSWORD);
  const authorId = await currentUserId(page);
  const signed = `Signed thread ${Date.now()}`;
  const hidden = `Anonymous thread ${Date.now()}`;
  await createThreadAs(page, 'g', signed, false);
  await createThreadAs(page, 'g', hidden, true);

  // The owner sees both, the anonymous one marked, and their Activity tab.
  await page.goto(`/users/${authorId}`);
  await expect(page.getByRole('heading', { level: 1, name: author })).toBeVisible();
  await expect(page.getByText(`User ID: ${authorId}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Profile' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Follow' })).toHaveCount(0);
  const hiddenCard = page.getByRole('article', { name: hidden });
  await expect(hiddenCard).toBeVisible();
  await expect(hiddenCard.getByText('Anonymous', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: signed })).toBeVisible();
  await page.getByRole('tab', { name: 'Activity' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Activity' }).getByRole('listitem').first()).toBeVisible();

  // Someone else sees the signed one only, and no Activity tab.
  await page.context().clearCookies();
  await registerViaApi(page, uniqueUsername('reader'), PASSWORD);
  await page.goto(`/users/${authorId}`);
  const signedCard = page.getByRole('article', { name: signed });
  await expect(signedCard).toBeVisible();
  await expect(signedCard.getByText('/g/')).toBeVisible();
  await expect(signedCard.getByText('0 replies')).toBeVisible();
  await expect(page.getByRole('article', { name: hidden })).toHaveCount(0);
  await expect(page.getByText(hidden)).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Activity' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await signedCard.getByRole('link', { name: signed }).click();
  await expect(page).toHaveURL(/\/thread\/\d+$/);
});

test('an unknown profile shows the error state', { tag: '@desktop' }, async ({ page }) => {
  expect((await page.goto('/users/99999999'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Error Loading Profile' })).toBeVisible();
});

test('following and unfollowing update the followers count', { tag: '@desktop' }, async ({ page }) => {
  await registerViaApi(page, uniqueUsername('followed'), PASSWORD);
  const followedId = await currentUserId(page);

  // A visitor sees no Follow button.
  await page.context().clearCookies();
  await page.goto(`/users/${followedId}`);
  await expect(page.getByTestId('stat-followers')).toHaveText('0');
  await expect(page.getByRole('button', { name: 'Follow' })).toHaveCount(0);

  await registerViaApi(page, uniqueUsername('follower'), PASSWORD);
  await page.goto(`/users/${followedId}`);
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expectToast(page, 'Success');
  await expect(page.getByTestId('stat-followers')).toHaveText('1');
  await expect(page.getByRole('button', { name: 'Unfollow' })).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('stat-followers')).toHaveText('1');
  await page.getByRole('button', { name: 'Unfollow' }).click();
  await expectToast(page, 'Success');
  await expect(page.getByTestId('stat-followers')).toHaveText('0');
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
});

test('a user edits their username and bio; others are sent back to the profile', { tag: '@desktop' }, async ({ page }) => {
  await registerViaApi(page, uniqueUsername('editor'), PASSWORD);
  const id = await currentUserId(page);
  await page.goto(`/users/${id}`);
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(`/users/${id}/edit`);

  const username = page.getByRole('textbox', { name: 'Username' });
  await username.fill('ab');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await username.fill('bad name!');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Username can only contain letters, numbers, and underscores')).toBeVisible();

  const renamed = uniqueUsername('renamed');
  await username.fill(renamed);
  await page.getByRole('textbox', { name: 'Bio' }).fill('I write about compilers.');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Profile updated');

  await page.getByRole('link', { name: 'Back to Profile' }).click();
  await expect(page).toHaveURL(`/users/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.getByText('I write about compilers.')).toBeVisible();

  // A taken username is refused with the server's message.
  await page.context().clearCookies();
  await registerViaApi(page, uniqueUsername('other'), PASSWORD);
  const otherId = await currentUserId(page);
  await page.goto(`/users/${otherId}/edit`);
  await page.getByRole('textbox', { name: 'Username' }).fill(renamed);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Update failed', 'Username is already taken');

  // Someone else's edit page sends a non-admin back to that profile; a visitor to /auth.
  await page.goto(`/users/${id}/edit`);
  await expect(page).toHaveURL(`/users/${id}`);
  await page.context().clearCookies();
  await page.goto(`/users/${id}/edit`);
  await expect(page).toHaveURL('/auth');
});

test('a user adds, copies and deletes a crypto address', { tag: '@desktop' }, async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await registerViaApi(page, uniqueUsername('wallet'), PASSWORD);
  const id = await currentUserId(page);
  await page.goto(`/users/${id}/edit`);
  await page.getByRole('tab', { name: 'Crypto Addresses' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Crypto Addresses' });
  await expect(panel.getByText('Cryptocurrency Addresses', { exact: true })).toBeVisible();
  await expect(panel.getByText('Manage your cryptocurrency addresses for receiving tips')).toBeVisible();
  await expect(panel.getByText("You haven't added any cryptocurrency addresses yet.")).toBeVisible();

  await panel.getByRole('button', { name: 'Add New Address' }).click();
  const currency = panel.getByRole('combobox', { name: 'Currency' });
  await expect(currency).toHaveValue('BTC');
  await expect(currency.getByRole('option')).toHaveText(['BTC (Bitcoin)', 'ETH (Ethereum)', 'SOL (Solana)', 'DOGE (Dogecoin)', 'USDT (Tether)', 'USDC (USD Coin)']);
  await panel.getByRole('button', { name: 'Save Address' }).click();
  await expect(panel.getByText('Address must be at least 10 characters')).toBeVisible();

  // Cancel resets the form.
  await currency.selectOption('ETH');
  await panel.getByRole('textbox', { name: 'Address' }).fill('0x1234');
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await panel.getByRole('button', { name: 'Add New Address' }).click();
  await expect(currency).toHaveValue('BTC');
  await expect(panel.getByRole('textbox', { name: 'Address' })).toHaveValue('');

  await currency.selectOption('ETH');
  await panel.getByRole('textbox', { name: 'Address' }).fill('not an eth address');
  await panel.getByRole('button', { name: 'Save Address' }).click();
  await expect(panel.getByText('ETH address must be 0x followed by 40 hex digits')).toBeVisible();

  const address = '0x52908400098527886e0f7030069857d2e4169ee7';
  await panel.getByRole('textbox', { name: 'Address' }).fill(address);
  await panel.getByRole('checkbox', { name: 'Usable on my anonymous posts' }).check();
  await panel.getByRole('button', { name: 'Save Address' }).click();
  await expectToast(page, 'Address added successfully', 'Your cryptocurrency address has been saved');

  const row = panel.getByRole('row').filter({ hasText: '0x5290...9ee7' });
  await expect(row).toBeVisible();
  await expect(row.getByText('Anonymous posts')).toBeVisible();
  await row.getByRole('button', { name: 'Copy ETH address' }).click();
  await expectToast(page, 'Address copied');
  await expect(row.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  // The indicator lasts 2 s.
  await expect(row.getByRole('button', { name: 'Copy ETH address' })).toBeVisible({ timeout: 4000 });

  await row.getByRole('button', { name: /^Delete ETH address/ }).click();
  await page.getByRole('alertdialog', { name: 'Delete Address' }).getByRole('button', { name: 'Delete' }).click();
  await expect(panel.getByText("You haven't added any cryptocurrency addresses yet.")).toBeVisible();
});

test('tip history starts empty', { tag: '@desktop' }, async ({ page }) => {
  await registerViaApi(page, uniqueUsername('tipper'), PASSWORD);
  const id = await currentUserId(page);
  await page.goto(`/users/${id}/edit`);
  await page.getByRole('tab', { name: 'Tip History' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Tip History' });
  await expect(panel.getByText('Sent Tips History')).toBeVisible();
  await expect(panel.getByText("View all cryptocurrency tips you've sent to threads and posts")).toBeVisible();
  await expect(panel.getByText("You haven't sent any cryptocurrency tips yet.")).toBeVisible();
});

test('screenshots and accessibility of the profile and profile edit', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const project = testInfo.project.name;
  await registerViaApi(page, uniqueUsername('shots'), PASSWORD);
  const id = await currentUserId(page);
  await createThreadAs(page, 'g', `A signed thread for screenshots ${Date.now()}`, false, 'A thread body long enough to show a two line excerpt on the profile card, which is cut after the second line when the text keeps on going and going.');
  await createThreadAs(page, 'tv', `An anonymous one ${Date.now()}`, true);

  await page.goto(`/users/${id}`);
  await expect(page.getByRole('article').first()).toBeVisible();
  await screenshot(page, 'profile', project);
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Activity' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Activity' }).getByRole('listitem').first()).toBeVisible();
  await screenshot(page, 'profile-activity', project);
  await expectAccessible(page);

  await page.goto(`/users/${id}/edit`);
  await expect(page.getByRole('textbox', { name: 'Username' })).toBeVisible();
  await screenshot(page, 'profile-edit', project);
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Crypto Addresses' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Crypto Addresses' });
  await panel.getByRole('button', { name: 'Add New Address' }).click();
  await panel.getByRole('combobox', { name: 'Currency' }).selectOption('ETH');
  await panel.getByRole('textbox', { name: 'Address' }).fill('0x52908400098527886e0f7030069857d2e4169ee7');
  await panel.getByRole('button', { name: 'Save Address' }).click();
  await expectToast(page, 'Address added successfully');
  await page.getByRole('region', { name: /Notifications/ }).getByRole('button', { name: 'Close' }).click();
  await panel.getByRole('button', { name: 'Add New Address' }).click();
  await screenshot(page, 'profile-edit-addresses', project);
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Tip History' }).click();
  await expect(page.getByText("You haven't sent any cryptocurrency tips yet.")).toBeVisible();
  await screenshot(page, 'profile-edit-tips', project);
  await expectAccessible(page);
});
