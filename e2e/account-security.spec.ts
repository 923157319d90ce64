import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { currentUserId, expect, expectHydrated, expectToast, registerViaApi, screenshot, test, uniqueUsername } from './fixtures.js';
import { overflowing } from './overflow.js';

// Account security (CONTRACT.md section 15, issue 30): two-factor sign-in set up with a
// code computed here, a sign-in with a code, one with a recovery code, and the sessions
// list, each as a user does it in the profile settings.

const PASSWORD = 'secret pass';

/** Opens the Security tab of the signed-in user's settings. */
async function openSecurity(page: Page, userId: number) {
  await page.goto(`/users/${userId}/edit`);
  await expectHydrated(page);
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
}

/** Signs in through the login form; with `code`, the second step the form asks for. */
async function logIn(page: Page, username: string, code: string) {
  await page.goto('/auth');
  await expectHydrated(page);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  const codeField = page.getByLabel(/Two-factor code/);
  await expect(codeField).toBeFocused();
  await codeField.fill(code);
  await page.getByRole('button', { name: 'Log in' }).click();
  // Home, signed in (the welcome toast may be gone already on a slow machine).
  await expect(page).toHaveURL('/');
  await expect(async () => expect(((await (await page.request.get('/api/user')).json()) as { username?: string }).username).toBe(username)).toPass();
}

test('two-factor sign-in: set up, sign in with a code, then with a recovery code; list and sign out sessions', { tag: '@desktop' }, async ({ page }) => {
  test.setTimeout(90_000);
  const username = uniqueUsername('totp');
  await registerViaApi(page, username, PASSWORD);
  const userId = await currentUserId(page);

  await openSecurity(page, userId);
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByLabel('Secret key').textContent())!.trim();
  const codeAt = (steps: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });
  // A wrong code first: said on the field, nothing turned on.
  await page.getByLabel('Six-digit code').fill(codeAt(0) === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Invalid code')).toBeVisible();
  await page.getByLabel('Six-digit code').fill(codeAt(0));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('10 recovery codes left.')).toBeVisible();

  // Signed out by losing the cookie (the session stays in the list), then in again with the next code.
  await page.context().clearCookies();
  await logIn(page, username, codeAt(1));

  // The authenticator lost: a recovery code instead, once.
  await page.context().clearCookies();
  await logIn(page, username, codes[0]!);

  // Three sessions: this one marked; one signed out, then all the others.
  await openSecurity(page, (await currentUserId(page)));
  await expect(page.getByText('9 recovery codes left.')).toBeVisible();
  const sessions = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
  await expect(sessions).toHaveCount(3);
  await expect(sessions.filter({ hasText: 'This one' })).toHaveCount(1);
  await expect(sessions.first()).toContainText('Chrome on Linux');
  await sessions.filter({ hasNotText: 'This one' }).first().getByRole('button', { name: /^Sign out/ }).click();
  await expectToast(page, 'Session signed out');
  await expect(sessions).toHaveCount(2);
  await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
  await expectToast(page, 'Other sessions signed out');
  await expect(sessions).toHaveCount(1);
  await expect(sessions.first()).toContainText('This one');
  await expect(page.getByRole('button', { name: 'Sign out all other sessions' })).toHaveCount(0);
});

test('the security settings and the recovery page are readable at 320 px, by keyboard', { tag: '@mobile' }, async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 320, height: 740 });
  await registerViaApi(page, uniqueUsername('narrow'), PASSWORD);
  await openSecurity(page, await currentUserId(page));
  // By keyboard: the setup button takes focus and Enter starts it.
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Signed-in sessions' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const settings = await overflowing(page);
  expect.soft(settings.scrollWidth, 'the security tab scrolls sideways').toBeLessThanOrEqual(settings.clientWidth);
  expect.soft(settings.offenders, 'the security tab cuts off').toEqual([]);
  await screenshot(page, 'account-security', test.info().project.name);

  await page.context().clearCookies();
  await page.goto('/recover');
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const recover = await overflowing(page);
  expect.soft(recover.scrollWidth, '/recover scrolls sideways').toBeLessThanOrEqual(recover.clientWidth);
  expect.soft(recover.offenders, '/recover cuts off').toEqual([]);
});
