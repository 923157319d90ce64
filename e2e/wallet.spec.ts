import { verifyMessage, type Hex } from 'viem';
import type { PaymentsConfig } from '../src/shared/api.js';
import { expect, test } from './fixtures.js';
import { balanceOf, devAccount, injectWallet, PLATFORM_ACCOUNT_INDEX } from './wallet.js';

type Ethereum = { request(args: { method: string; params?: unknown[] }): Promise<unknown> };

test('the injected test wallet answers, signs and pays on the local chain', { tag: '@desktop' }, async ({ page }) => {
  const wallet = await injectWallet(page, 3);
  await page.goto('/');
  const recipient = devAccount(18).address;
  const before = await balanceOf(recipient);

  const result = await page.evaluate(async (to) => {
    const ethereum = (window as unknown as { ethereum: Ethereum }).ethereum;
    const [address] = (await ethereum.request({ method: 'eth_requestAccounts' })) as string[];
    const chainId = await ethereum.request({ method: 'eth_chainId' });
    const signature = await ethereum.request({ method: 'personal_sign', params: ['hello hushboard', address] });
    const hash = (await ethereum.request({ method: 'eth_sendTransaction', params: [{ from: address, to, value: '0x1' }] })) as string;
    let receipt: { status: string } | null = null;
    for (let attempt = 0; attempt < 100 && !receipt; attempt++) {
      receipt = (await ethereum.request({ method: 'eth_getTransactionReceipt', params: [hash] })) as { status: string } | null;
      if (!receipt) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { address, chainId, signature, hash, status: receipt?.status };
  }, recipient);

  expect(result.address).toBe(wallet.address);
  expect(result.chainId).toBe('0x7a69');
  expect(await verifyMessage({ address: wallet.address, message: 'hello hushboard', signature: result.signature as Hex })).toBe(true);
  expect(result.hash).toMatch(/^0x[0-9a-f]{64}$/);
  expect(result.status).toBe('0x1');
  expect(await balanceOf(recipient)).toBe(before + 1n);
  expect(wallet.calls.filter((method) => method === 'eth_sendTransaction')).toHaveLength(1);
});

test('the e2e server pays on the local chain, to the platform account', { tag: '@desktop' }, async ({ page }) => {
  const response = await page.request.get('/api/payments/config');
  expect(response.status()).toBe(200);
  const body = (await response.json()) as PaymentsConfig;
  expect(body.paymentAddress).toBe(devAccount(PLATFORM_ACCOUNT_INDEX).address);
  expect(body.networks.find((network) => network.currency === 'ETH')).toEqual({ currency: 'ETH', chainId: 31337, decimals: 18, token: null });
});

test('the test wallet rejects, locks, refuses other chains and switches accounts', { tag: '@desktop' }, async ({ page }) => {
  const wallet = await injectWallet(page, 4, { chainId: 1 });
  await page.goto('/');
  const call = (method: string, params?: unknown[]) =>
    page.evaluate(
      async ([name, args]) => {
        const ethereum = (window as unknown as { ethereum: Ethereum }).ethereum;
        try {
          return { result: await ethereum.request({ method: name, params: args }) };
        } catch (error) {
          const { code, message } = error as { code: unknown; message: unknown };
          return { error: { code, message } };
        }
      },
      [method, params] as const,
    );

  wallet.rejectNext('eth_requestAccounts');
  expect(await call('eth_requestAccounts')).toEqual({ error: { code: 4001, message: 'User rejected the request.' } });
  expect(await call('eth_requestAccounts')).toEqual({ result: [wallet.address] });

  // Started on mainnet: sending fails until the wallet switches to anvil; other chains are unknown.
  expect(await call('eth_chainId')).toEqual({ result: '0x1' });
  expect(await call('eth_sendTransaction', [{ from: wallet.address, to: wallet.address, value: '0x1' }])).toEqual({ error: { code: -32603, message: 'wrong chain' } });
  expect((await call('wallet_switchEthereumChain', [{ chainId: '0x89' }])).error).toMatchObject({ code: 4902 });
  await page.evaluate(() => {
    const target = window as unknown as { ethereum: Ethereum & { on(event: string, fn: (payload: unknown) => void): void }; seen: unknown[] };
    target.seen = [];
    target.ethereum.on('chainChanged', (chainId) => target.seen.push(chainId));
    target.ethereum.on('accountsChanged', (accounts) => target.seen.push(accounts));
  });
  expect(await call('wallet_switchEthereumChain', [{ chainId: '0x7a69' }])).toEqual({ result: null });
  expect(await call('eth_chainId')).toEqual({ result: '0x7a69' });

  wallet.lock();
  expect(await call('eth_accounts')).toEqual({ result: [] });
  wallet.unlock();
  await wallet.switchAccount(5);
  expect(await page.evaluate(() => (window as unknown as { seen: unknown[] }).seen)).toEqual(['0x7a69', [devAccount(5).address]]);
  expect(await call('eth_accounts')).toEqual({ result: [devAccount(5).address] });
  // Anything else goes to anvil.
  expect((await call('eth_blockNumber')).result).toMatch(/^0x[0-9a-f]+$/);
});
