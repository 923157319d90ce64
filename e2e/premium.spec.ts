import type { Page } from '@playwright/test';
import { parseEther } from 'viem';
import type { ThreadDetail } from '../src/shared/api.js';
import { boardId, currentUserId, expect, expectAccessible, registerViaApi, screenshot, test, uniqueUsername } from './fixtures.js';
import { balanceOf, devAccount, injectWallet, PLATFORM_ACCOUNT_INDEX } from './wallet.js';

// Premium membership and premium threads paid through the browser wallet (SPEC.md
// sections 2 and 4, CONTRACT.md section 7), on the e2e anvil. Dev accounts 5 to 9 are
// this spec's: an address can be linked to one Hushboard account only.
const PASSWORD = 'secret pass';
const SECRET = 'the secret part';
const ACCESS_PRICE = '0.002';
/** Memberships need a wallet payment, a confirmation and the server's check. */
const PAYMENT_TIMEOUT = 30_000;

/** How the profile shows 'Premium until' (short month, day, year) for a date one month from now. */
function oneMonthAhead(): string {
  const date = new Date();
  const day = date.getDate();
  date.setMonth(date.getMonth() + 1);
  if (date.getDate() !== day) date.setDate(0);
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

async function csrf(page: Page): Promise<string> {
  return (await page.request.get('/api/user')).headers()['x-csrf-token'] ?? '';
}

/** Buys the monthly membership in ETH through /premium and its plan dialog; answers the amount paid. */
async function buyMonthlyMembership(page: Page, project: string): Promise<string> {
  await page.goto('/premium');
  await expect(page.getByRole('heading', { level: 1, name: 'Premium Membership' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Monthly' })).toBeVisible();
  await expect(page.getByText('$8.50')).toBeVisible();
  await expect(page.getByText('$85.00')).toBeVisible();
  await expect(page.getByText('Save 16%')).toBeVisible();
  await screenshot(page, 'premium-plans', project);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Choose Monthly' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get Premium' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Monthly/ })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('button', { name: /^Annual/ }).click();
  await expect(dialog.getByRole('button', { name: /^Annual/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByText('$85.00 USD')).toBeVisible();
  await dialog.getByRole('button', { name: /^Monthly/ }).click();
  await dialog.getByLabel('Currency').selectOption('ETH');
  await expect(dialog.getByText('$8.50 USD')).toBeVisible();
  await expect(dialog.getByText('Membership until')).toBeVisible();
  await expect(dialog.getByText('Wallet Required')).toHaveCount(0);
  const amountText = (await dialog.getByTestId('membership-amount').textContent()) ?? '';
  const [amount, currency] = amountText.trim().split(' ');
  expect(currency).toBe('ETH');
  expect(Number(amount)).toBeGreaterThan(0);
  await screenshot(page, 'premium-dialog', project, false);
  await expectAccessible(page);

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await dialog.getByRole('button', { name: 'Copy payment address' }).click();
  // The modal dialog hides the rest of the page, the toast region included, from the accessibility tree.
  await expect(page.getByText('Copied to clipboard', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(devAccount(PLATFORM_ACCOUNT_INDEX).address);

  await dialog.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Premium membership purchased!', { exact: true })).toBeVisible({
    timeout: PAYMENT_TIMEOUT,
  });
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'You are a Premium Member!' })).toBeVisible();
  await screenshot(page, 'premium-member', project);
  await expectAccessible(page);
  return amount!;
}

/** Creates a signed premium thread through the API as the page's (premium) user; answers its id. */
async function createPremiumThread(page: Page, title: string): Promise<number> {
  const response = await page.request.post('/api/threads', {
    data: {
      boardId: await boardId(page, 'g'),
      title,
      content: 'The free part of this premium thread.',
      isAnonymous: false,
      isPremium: true,
      accessPrice: ACCESS_PRICE,
      accessCurrency: 'ETH',
      premiumContent: SECRET,
    },
    headers: { 'X-CSRF-Token': await csrf(page) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

const paywallOf = (page: Page) => page.getByRole('region', { name: 'Premium Content' });

test.describe('premium content', () => {
  test.describe.configure({ mode: 'serial' });
  let threadId = 0;

  test('a member bought in the plan dialog publishes a premium thread', { tag: '@desktop' }, async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await injectWallet(page, 5);
    await registerViaApi(page, uniqueUsername('premium'), PASSWORD);
    const userId = await currentUserId(page);
    const platform = devAccount(PLATFORM_ACCOUNT_INDEX).address;
    const before = await balanceOf(platform);

    const amount = await buyMonthlyMembership(page, testInfo.project.name);
    expect(await balanceOf(platform)).toBe(before + parseEther(amount));

    await page.goto(`/users/${userId}`);
    await expect(page.getByText(`Premium until ${oneMonthAhead()}`)).toBeVisible();
    await page.goto('/premium');
    await expect(page.getByRole('heading', { name: 'You are a Premium Member!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choose Monthly' })).toHaveCount(0);

    // Paid access goes to the author's own ETH address.
    const added = await page.request.post('/api/crypto/addresses', {
      data: { currency: 'ETH', address: devAccount(6).address },
      headers: { 'X-CSRF-Token': await csrf(page) },
    });
    expect(added.status(), await added.text()).toBe(201);
    threadId = await createPremiumThread(page, `Premium thread ${Date.now()}`);

    // The author reads their own premium part.
    await page.goto(`/thread/${threadId}`);
    const unlocked = page.getByRole('region', { name: 'Premium Content' });
    await expect(unlocked.getByText('Unlocked')).toBeVisible();
    await expect(unlocked.getByText(SECRET)).toBeVisible();
  });

  test('a reader buys access with one transaction and reads the premium part', { tag: '@desktop' }, async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    expect(threadId).toBeGreaterThan(0);
    const wallet = await injectWallet(page, 7);
    await registerViaApi(page, uniqueUsername('buyer'), PASSWORD);
    const author = devAccount(6).address;
    const before = await balanceOf(author);

    await page.goto(`/thread/${threadId}`);
    const paywall = paywallOf(page);
    await expect(paywall.getByText(`${ACCESS_PRICE} ETH`)).toBeVisible();
    await expect(paywall.getByText('≈ $4.80 USD')).toBeVisible();
    await expect(paywall.getByRole('link', { name: 'premium membership' })).toHaveAttribute('href', '/premium');
    await expect(page.getByText(SECRET)).toHaveCount(0);
    await screenshot(page, 'premium-paywall', testInfo.project.name);
    await expectAccessible(page);

    // Two clicks in a row: the second lands while the first is processing.
    const purchase = paywall.getByRole('button', { name: 'Purchase Access' });
    await purchase.evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await expect(paywall.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Premium Access Purchased', { exact: true })).toBeVisible({
      timeout: PAYMENT_TIMEOUT,
    });
    const unlocked = page.getByRole('region', { name: 'Premium Content' });
    await expect(unlocked.getByText(SECRET)).toBeVisible();
    await expect(unlocked.getByText('Unlocked')).toBeVisible();

    expect(wallet.calls.filter((method) => method === 'personal_sign')).toHaveLength(1);
    expect(wallet.calls.filter((method) => method === 'eth_sendTransaction')).toHaveLength(1);
    expect(await balanceOf(author)).toBe(before + parseEther(ACCESS_PRICE));

    // Still unlocked after a reload: the purchase is the server's.
    await page.reload();
    await expect(page.getByText(SECRET)).toBeVisible();
  });

  test('a reader who did not buy still sees the paywall', { tag: '@desktop' }, async ({ page }) => {
    expect(threadId).toBeGreaterThan(0);
    await injectWallet(page, 8);
    await registerViaApi(page, uniqueUsername('reader'), PASSWORD);
    await page.goto(`/thread/${threadId}`);
    const paywall = paywallOf(page);
    await expect(paywall.getByRole('button', { name: 'Purchase Access' })).toBeEnabled();
    await expect(paywall.getByText('Wallet connected')).toBeVisible();
    await expect(page.getByText(SECRET)).toHaveCount(0);
    const thread = (await (await page.request.get(`/api/threads/${threadId}`)).json()) as ThreadDetail;
    expect(thread.hasAccess).toBe(false);
    expect(thread.premiumContent).toBeNull();
  });

  test('without a wallet the paywall asks for one; a visitor is asked to log in', { tag: '@desktop' }, async ({ page }) => {
    expect(threadId).toBeGreaterThan(0);
    await page.goto(`/thread/${threadId}`);
    const paywall = paywallOf(page);
    await expect(paywall.getByText('Wallet Required')).toBeVisible();
    await expect(paywall.getByRole('button', { name: 'Purchase Access' })).toBeDisabled();
    await expect(paywall.getByRole('link', { name: 'Log in to purchase access' })).toHaveAttribute('href', '/auth');

    await registerViaApi(page, uniqueUsername('nowallet'), PASSWORD);
    await page.reload();
    await expect(paywall.getByText('Wallet Required')).toBeVisible();
    await expect(paywall.getByRole('link', { name: 'Log in to purchase access' })).toHaveCount(0);
    await expect(page.getByText(SECRET)).toHaveCount(0);
  });
});

test('/premium asks a visitor to log in', { tag: '@desktop' }, async ({ page }) => {
  await page.goto('/premium');
  await expect(page).toHaveURL(/\/auth$/);
});

test('premium screens at phone width', { tag: '@mobile' }, async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await injectWallet(page, 9);
  await registerViaApi(page, uniqueUsername('premmob'), PASSWORD);
  await buyMonthlyMembership(page, testInfo.project.name);
  const id = await createPremiumThread(page, `Premium phone thread ${Date.now()}`);

  await page.context().clearCookies();
  await registerViaApi(page, uniqueUsername('mobreader'), PASSWORD);
  await page.goto(`/thread/${id}`);
  await expect(paywallOf(page).getByText(`${ACCESS_PRICE} ETH`)).toBeVisible();
  await expect(paywallOf(page).getByRole('button', { name: 'Purchase Access' })).toBeVisible();
  await screenshot(page, 'premium-paywall', testInfo.project.name);
  await expectAccessible(page);
});
