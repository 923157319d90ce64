import type { CDPSession, Page } from '@playwright/test';
import { createPostViaApi, createThreadAs, currentUserId, expect, expectHydrated, expectToast, registerViaApi, screenshot, test as base, uniqueUsername } from './fixtures.js';

// Passkeys in Chromium (CONTRACT.md section 15) with its virtual authenticator, driven
// through a CDP session: add one in settings, sign out, sign in with it alone. With PRF
// it also unlocks the anonymous posts; without, the password is asked for once.
//
// WebAuthn refuses an IP address as the relying party: the pages are opened on
// `localhost`, the same server.
const test = base.extend({ baseURL: async ({ baseURL }, use) => use(baseURL?.replace('127.0.0.1', 'localhost')) });

const PASSWORD = 'secret pass';

async function virtualAuthenticator(page: Page, hasPrf: boolean): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', ctap2Version: 'ctap2_1', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, hasPrf, automaticPresenceSimulation: true },
  });
  return cdp;
}

/** Registers through the API, writes an anonymous reply, and adds a passkey on the settings page. */
async function authorWithPasskey(page: Page, hasPrf: boolean) {
  const username = uniqueUsername(hasPrf ? 'pkprf' : 'pkplain');
  await registerViaApi(page, username, PASSWORD);
  const threadId = await createThreadAs(page, 'g', `Passkeys ${username}`, false);
  const postId = await createPostViaApi(page, threadId, 'Written anonymously before the passkey');
  await virtualAuthenticator(page, hasPrf);

  await page.goto(`/users/${await currentUserId(page)}/edit`);
  await expectHydrated(page);
  const section = page.getByRole('region', { name: 'Passkeys' });
  await section.getByLabel('Passkey name').fill('Test laptop');
  await section.getByRole('button', { name: 'Add passkey' }).click();
  await expectToast(page, 'Passkey added');
  const item = section.getByRole('listitem').filter({ hasText: 'Test laptop' });
  await expect(item).toBeVisible();
  await expect(item.getByText(hasPrf ? 'Unlocks anonymous posts' : 'Asks for your password for anonymous posts')).toBeVisible();
  return { username, threadId, postId, section };
}

/** Signs out, then in again with the passkey alone: no username typed. */
async function signInWithPasskey(page: Page) {
  await page.context().clearCookies();
  await page.goto('/auth');
  await expectHydrated(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL('/');
  await expectToast(page, 'Login successful');
}

test('with PRF: add, rename and remove passkeys; sign in with one alone; manage an anonymous post without a password', { tag: '@desktop' }, async ({ page }, info) => {
  const { username, threadId, postId, section } = await authorWithPasskey(page, true);

  test.setTimeout(120_000);
  // Rename from the keyboard; the same authenticator cannot hold a second passkey for the account.
  await section.getByRole('button', { name: 'Rename Test laptop' }).click();
  const nameField = section.getByLabel('New name');
  await expect(nameField).toBeFocused();
  await nameField.fill('Work laptop');
  await page.keyboard.press('Enter');
  await expect(section.getByText('Work laptop', { exact: true })).toBeVisible();
  await section.getByLabel('Passkey name').fill('Again');
  await section.getByRole('button', { name: 'Add passkey' }).click();
  await expectToast(page, 'Passkey not added', 'This device already holds a passkey for your account');
  await screenshot(page, 'passkeys-settings', info.project.name);

  await signInWithPasskey(page);
  expect(((await (await page.request.get('/api/user')).json()) as { username: string }).username).toBe(username);

  // The passkey's PRF opened the author key: the anonymous reply is theirs to delete, no password asked.
  await page.goto(`/thread/${threadId}`);
  await page.getByRole('button', { name: `Actions for post ${postId}` }).click();
  await page.getByRole('menuitem', { name: 'Delete Post' }).click();
  await page.getByRole('alertdialog', { name: 'Delete Post' }).getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Post deleted', 'The post has been successfully deleted');
  await expect(page.getByRole('dialog', { name: 'Unlock your anonymous posts' })).toHaveCount(0);

  // Removed after confirming: it signs in no more.
  await page.goto(`/users/${await currentUserId(page)}/edit`);
  await section.getByRole('button', { name: 'Remove Work laptop' }).click();
  await page.getByRole('alertdialog', { name: 'Remove this passkey?' }).getByRole('button', { name: 'Remove passkey' }).click();
  await expect(section.getByText('No passkeys yet.')).toBeVisible();
  await page.context().clearCookies();
  await page.goto('/auth');
  await expectHydrated(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expectToast(page, 'Login failed', 'This passkey is not registered here');
});

test('without PRF: the session works, and the password is asked for once, saying why', { tag: '@desktop' }, async ({ page }) => {
  test.setTimeout(120_000);
  const { threadId, postId } = await authorWithPasskey(page, false);
  await signInWithPasskey(page);

  await page.goto(`/thread/${threadId}`);
  await expectHydrated(page);
  // The key is not open: the anonymous reply is not marked as theirs yet.
  await page.getByRole('button', { name: `Actions for post ${postId}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Delete Post' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  const reply = async (content: string) => {
    await page.getByPlaceholder('Write your reply...').fill(content);
    await page.getByLabel('Post anonymously').check();
    await page.getByRole('button', { name: 'Post Reply' }).click();
  };
  await reply('First anonymous reply after a passkey sign-in');
  const prompt = page.getByRole('dialog', { name: 'Unlock your anonymous posts' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByText(/cannot unlock your anonymous posts/)).toBeVisible();
  await prompt.getByLabel('Password').fill('wrong password');
  await prompt.getByRole('button', { name: 'Unlock' }).click();
  await expect(prompt.getByText('Password is incorrect')).toBeVisible();
  await prompt.getByLabel('Password').fill(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(prompt).toHaveCount(0);
  await expectToast(page, 'Reply posted!');
  await expect(page.getByText('First anonymous reply after a passkey sign-in')).toBeVisible();

  // Once: the next anonymous reply goes through without a prompt, and the old one is theirs now.
  await reply('Second anonymous reply, no password asked');
  await expect(page.getByText('Second anonymous reply, no password asked')).toBeVisible();
  await expect(prompt).toHaveCount(0);
  await page.getByRole('button', { name: `Actions for post ${postId}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Delete Post' })).toBeVisible();
});

test('the passkeys section and the login button are readable at 320 px', { tag: '@mobile' }, async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto('/auth');
  await expectHydrated(page);
  const button = page.getByRole('button', { name: 'Sign in with a passkey' });
  await expect(button).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await registerViaApi(page, uniqueUsername('pknarrow'), PASSWORD);
  await page.goto(`/users/${await currentUserId(page)}/edit`);
  await expectHydrated(page);
  const section = page.getByRole('region', { name: 'Passkeys' });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('button', { name: 'Add passkey' })).toBeVisible();
  await screenshot(page, 'passkeys-320', 'mobile');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
