import { expect, expectHydrated, expectToast, registerViaApi, test, uniqueUsername } from './fixtures.js';

const PASSWORD = 'correct horse';

test.describe('registration', () => {
  test('shows the validation messages under the fields', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    const submit = page.getByRole('button', { name: 'Create account' });
    await submit.click();

    await expect(page.getByText(/^Username (must be at least 3 characters|is required)$/)).toBeVisible();
    await expect(page.getByText('Password must be at least 4 characters')).toBeVisible();
    await expect(page.getByText('Please confirm your password')).toBeVisible();
    await expect(submit).toBeEnabled();

    await page.getByLabel('Password', { exact: true }).fill('abcd');
    await page.getByLabel('Confirm password').fill('abce');
    await submit.click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
  });

  test('creates the account, greets the user and lands on the home page', async ({ page }) => {
    const username = uniqueUsername('mk');
    await page.goto('/auth?tab=register');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL('/');
    await expectToast(page, 'Registration successful', `Welcome, ${username}!`);
    await expect(page.getByRole('button', { name: 'MK, user menu' })).toBeVisible();
  });

  test('refuses a taken username with the server message', async ({ page }) => {
    const username = uniqueUsername('dup');
    await registerViaApi(page, username, PASSWORD);
    await page.context().clearCookies();

    await page.goto('/auth?tab=register');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expectToast(page, 'Registration failed', 'Username is already taken');
    await expect(page).toHaveURL(/\/auth/);
  });
});

test.describe('login and logout', () => {
  test('logs out to /auth, refuses a wrong password, then logs in', async ({ page }) => {
    const username = uniqueUsername('lg');
    await registerViaApi(page, username, PASSWORD);
    await page.goto('/');
    // A click before hydration lands on a plain button and does nothing (seen on a busy machine).
    await expectHydrated(page);

    await page.getByRole('button', { name: 'LG, user menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Get Premium' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Moderation Panel' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Log out' }).click();

    await expect(page).toHaveURL('/auth');
    await expectToast(page, 'Logged out', 'You have been successfully logged out');
    await expect(page.getByRole('link', { name: 'Login / Register' })).toBeVisible();

    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectToast(page, 'Login failed', 'Invalid username or password');

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/');
    await expectToast(page, 'Login successful', `Welcome back, ${username}!`);
    await expect(page.getByRole('button', { name: 'LG, user menu' })).toBeVisible();
  });

  test('login shows the messages of empty fields', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
  });

  test('/auth sends a logged-in user home', async ({ page }) => {
    await registerViaApi(page, uniqueUsername('rd'), PASSWORD);
    await page.goto('/auth');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name: 'RD, user menu' })).toBeVisible();
  });
});
