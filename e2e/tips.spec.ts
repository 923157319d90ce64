import type { Page } from '@playwright/test';
import { parseEther } from 'viem';
import {
  createPostViaApi,
  createThreadViaApi,
  currentUserId,
  expect,
  expectAccessible,
  expectToast,
  loginViaApi,
  registerViaApi,
  screenshot,
  test,
  uniqueUsername,
} from './fixtures.js';
import { balanceOf, devAccount, injectWallet } from './wallet.js';

// Dev accounts of this spec (CONTRACT.md: an address links to one account only):
// 1 receives the tips, 2 and 3 send them.
const RECIPIENT_ACCOUNT = 1;
const PASSWORD = 'secret pass';

/** An author with an ETH tip address (used for anonymous content too), a thread and a reply; answers their ids. */
async function authorWithThread(page: Page): Promise<{ threadId: number; postId: number; author: string }> {
  const author = uniqueUsername('author');
  await registerViaApi(page, author, PASSWORD);
  const token = (await page.request.get('/api/user')).headers()['x-csrf-token'] ?? '';
  const added = await page.request.post('/api/crypto/addresses', {
    data: { currency: 'ETH', address: devAccount(RECIPIENT_ACCOUNT).address, useForAnonymous: true },
    headers: { 'X-CSRF-Token': token },
  });
  expect(added.status(), await added.text()).toBe(201);
  const threadId = await createThreadViaApi(page, 'g', `Tip me ${Date.now()}`);
  const postId = await createPostViaApi(page, threadId, 'A reply worth a tip.');
  await page.context().clearCookies();
  return { threadId, postId, author };
}

/**
 * A toast seen while the tip dialog is open: the modal hides the rest of the page (the
 * toast region too) from the accessibility tree, so it is found by its text; the dialog
 * itself says the same in an alert.
 */
const expectToastBehindDialog = (page: Page, title: string) => expect(page.getByText(title, { exact: true }).first()).toBeVisible();

const postArticle = (page: Page, postId: number) => page.locator(`#post-${postId}`);

async function openPostTipDialog(page: Page, postId: number) {
  await postArticle(page, postId).getByRole('button', { name: /Tip/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a Tip' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Recipient', { exact: true })).toBeVisible();
  return dialog;
}

test('a reader tips a reply from the browser wallet and sees it everywhere', { tag: '@desktop' }, async ({ page }) => {
  const { threadId, postId } = await authorWithThread(page);
  const recipient = devAccount(RECIPIENT_ACCOUNT).address;
  const before = await balanceOf(recipient);

  await registerViaApi(page, uniqueUsername('tipper'), PASSWORD);
  const tipperId = await currentUserId(page);
  const wallet = await injectWallet(page, 2);
  await page.goto(`/thread/${threadId}`);
  await expect(page.getByRole('region', { name: 'Tips on this thread' })).toContainText('No tips yet');

  const dialog = await openPostTipDialog(page, postId);
  await dialog.getByRole('tab', { name: 'Direct Tip' }).click();
  await expect(dialog.getByLabel('Amount (ETH)')).toHaveValue('0.0001');
  await dialog.getByLabel('Amount (ETH)').fill('0.001');
  // A double click still sends one transaction.
  await dialog.getByRole('button', { name: 'Send Tip' }).dblclick();
  await expect(dialog.locator('[data-payment-step="linking"]')).toBeVisible();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Transaction Successful' })).toBeVisible({ timeout: 15_000 });
  await expectToastBehindDialog(page, 'Tip Sent Successfully');
  expect(wallet.calls).toContain('personal_sign');
  expect(wallet.calls.filter((method) => method === 'eth_sendTransaction')).toHaveLength(1);
  // The dialog closes by itself 3 s after success.
  await expect(dialog).toBeHidden({ timeout: 6_000 });

  expect(await balanceOf(recipient)).toBe(before + parseEther('0.001'));
  const card = postArticle(page, postId).getByRole('region', { name: `Tips on post #${postId}` });
  await expect(card).toContainText('1 tip');
  await expect(card).toContainText('$3.00');
  await expect(card).toContainText('1 confirmed · 0 pending');
  await expect(card.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(card).toContainText('0.001 ETH');
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'tips-card', 'desktop', false);
  // The thread's own card counts only tips on the thread itself.
  await expect(page.getByRole('region', { name: 'Tips on this thread' })).toContainText('No tips yet');

  await page.goto(`/users/${tipperId}/edit`);
  await page.getByRole('tab', { name: 'Tip History' }).click();
  const row = page.getByRole('row').filter({ hasText: `Post #${postId}` });
  await expect(row).toContainText('Confirmed');
  await expect(row.getByRole('link', { name: `Post #${postId}` })).toHaveAttribute('href', `/thread/${threadId}#post-${postId}`);
});

test('a transaction declined in the wallet shows Tip Failed and sends nothing', { tag: '@desktop' }, async ({ page }) => {
  const { threadId, postId } = await authorWithThread(page);
  const recipient = devAccount(RECIPIENT_ACCOUNT).address;
  await registerViaApi(page, uniqueUsername('decliner'), PASSWORD);
  const wallet = await injectWallet(page, 3);
  await page.goto(`/thread/${threadId}`);
  const before = await balanceOf(recipient);

  const dialog = await openPostTipDialog(page, postId);
  wallet.rejectNext('eth_sendTransaction');
  await dialog.getByRole('button', { name: 'Send Tip' }).click();
  await expectToastBehindDialog(page, 'Tip Failed');
  await expectToastBehindDialog(page, 'There was an error sending your tip');
  await expect(dialog.getByRole('alert').filter({ hasText: 'Transaction Failed' })).toContainText('You declined the request in your wallet.');
  await expect(dialog.getByRole('button', { name: 'Send Tip' })).toBeEnabled();
  expect(await balanceOf(recipient)).toBe(before);
  const tips = (await (await page.request.get(`/api/threads/${threadId}/post-tips`)).json()) as unknown[];
  expect(tips).toEqual([]);
});

test('without a browser wallet the dialog asks for one; the QR code still works', { tag: '@desktop' }, async ({ page }) => {
  const { threadId, postId } = await authorWithThread(page);
  await registerViaApi(page, uniqueUsername('nowallet'), PASSWORD);
  await page.goto(`/thread/${threadId}`);

  const dialog = await openPostTipDialog(page, postId);
  const alert = dialog.getByRole('alert').filter({ hasText: 'Wallet Required' });
  await expect(alert).toContainText('No Ethereum wallet found. Please install a browser wallet');
  await screenshot(page, 'tip-dialog-direct', 'desktop', false);
  await expectAccessible(page);

  await dialog.getByRole('tab', { name: 'QR Code' }).click();
  const short = `${devAccount(RECIPIENT_ACCOUNT).address.slice(0, 6)}...${devAccount(RECIPIENT_ACCOUNT).address.slice(-4)}`;
  await expect(dialog.getByRole('img', { name: `QR code for a tip of 0.0001 ETH to ${short}` })).toBeVisible();
  await screenshot(page, 'tip-dialog-qr', 'desktop', false);
  await expectAccessible(page);
});

test('the tip dialog fits a phone screen', { tag: '@mobile' }, async ({ page }) => {
  const { threadId, postId } = await authorWithThread(page);
  await registerViaApi(page, uniqueUsername('phone'), PASSWORD);
  await injectWallet(page, 4);
  await page.goto(`/thread/${threadId}`);

  const dialog = await openPostTipDialog(page, postId);
  await expect(dialog.getByText(/Wallet connected/)).toBeVisible();
  await screenshot(page, 'tip-dialog-direct', 'mobile', false);
  await expectAccessible(page);
  await dialog.getByRole('tab', { name: 'QR Code' }).click();
  await expect(dialog.getByRole('img', { name: /QR code for a tip of 0.0001 ETH/ })).toBeVisible();
  await screenshot(page, 'tip-dialog-qr', 'mobile', false);
  await expectAccessible(page);
});

test('visitors are asked to sign in, and nobody is offered to tip their own reply', { tag: '@desktop' }, async ({ page }) => {
  const { threadId, postId, author } = await authorWithThread(page);
  await page.goto(`/thread/${threadId}`);
  await postArticle(page, postId).getByRole('button', { name: /Tip/ }).click();
  await expectToast(page, 'Authentication required');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/auth$/);

  await loginViaApi(page, author, PASSWORD);
  await page.goto(`/thread/${threadId}`);
  await expect(postArticle(page, postId)).toContainText('A reply worth a tip.');
  await expect(postArticle(page, postId).getByRole('button', { name: /Tip/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Tip/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Tips on this thread' })).toContainText('No tips yet');
});

test('a wallet on another chain is asked to switch, and a change of account is followed', { tag: '@desktop' }, async ({ page }) => {
  const { threadId } = await authorWithThread(page);
  const recipient = devAccount(RECIPIENT_ACCOUNT).address;
  await registerViaApi(page, uniqueUsername('switcher'), PASSWORD);
  // Accounts 10 and 11 belong to this test only.
  const wallet = await injectWallet(page, 10, { chainId: 1 });
  await page.goto(`/thread/${threadId}`);
  await page.locator('article[aria-labelledby="thread-title"]').getByRole('button', { name: /Tip/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a Tip' });
  const short = (address: string) => `${address.slice(0, 6)}...${address.slice(-4)}`;
  await expect(dialog.getByText(short(devAccount(10).address))).toBeVisible();

  await wallet.switchAccount(11);
  await expect(dialog.getByText(short(devAccount(11).address))).toBeVisible();

  const before = await balanceOf(recipient);
  await dialog.getByRole('button', { name: 'Send Tip' }).click();
  await expectToastBehindDialog(page, 'Tip Sent Successfully');
  expect(wallet.calls).toContain('wallet_switchEthereumChain');
  expect(wallet.calls.filter((method) => method === 'eth_sendTransaction')).toHaveLength(1);
  expect((await balanceOf(recipient)) > before).toBe(true);
  const tips = (await (await page.request.get(`/api/threads/${threadId}/tips`)).json()) as { status: string }[];
  expect(tips).toHaveLength(1);
});
