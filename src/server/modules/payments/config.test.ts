import { beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsConfig } from '../../../shared/api.js';
import { useTestApp } from '../../test/app.js';
import { deadRpcUrl, useLocalChain } from '../../test/anvil.js';

const chain = useLocalChain();
const platform = chain.account(8).address;
Object.assign(chain.config, { paymentAddress: platform, paymentConfirmations: 3 });
const withChain = useTestApp({ config: chain.config });
// Another app on the same node, first asked while the node is down.
const askedWhileDown = useTestApp({ config: chain.config });
const withoutChain = useTestApp();
// Filled in before the app is built (useTestApp reads it in its own beforeAll, registered after this one).
const deadConfig: { ethRpcUrl?: string } = {};
beforeAll(async () => {
  deadConfig.ethRpcUrl = await deadRpcUrl();
});
const withDeadChain = useTestApp({ config: deadConfig });

describe('GET /api/payments/config', () => {
  it('answers each payable currency with its chain id, decimals and token, for visitors', async () => {
    const response = await withChain.client().get('/api/payments/config');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json<PaymentsConfig>()).toEqual({
      networks: [
        { currency: 'ETH', chainId: 31337, decimals: 18, token: null },
        { currency: 'USDT', chainId: 31337, decimals: 6, token: chain.token },
        { currency: 'USDC', chainId: 31337, decimals: 6, token: chain.token },
      ],
      paymentAddress: platform,
      confirmations: 3,
    });
  });

  it('remembers a chain id once known, and asks again after a failure', async () => {
    const chainIds = async (app: typeof withChain) => {
      const response = await app.client().get('/api/payments/config');
      expect(response.statusCode).toBe(200);
      return response.json<PaymentsConfig>().networks.map((network) => network.chainId);
    };
    await chain.stop();
    try {
      expect(await chainIds(withChain)).toEqual([31337, 31337, 31337]);
      expect(await chainIds(askedWhileDown)).toEqual([null, null, null]);
    } finally {
      await chain.restart();
    }
    expect(await chainIds(askedWhileDown)).toEqual([31337, 31337, 31337]);
  });

  it('lists no network without ETH_RPC_URL', async () => {
    const response = await withoutChain.client().get('/api/payments/config');
    expect(response.statusCode).toBe(200);
    expect(response.json<PaymentsConfig>()).toEqual({ networks: [], paymentAddress: null, confirmations: 1 });
  });

  it('answers a null chain id while the node is unreachable', async () => {
    const response = await withDeadChain.client().get('/api/payments/config');
    expect(response.statusCode).toBe(200);
    const body = response.json<PaymentsConfig>();
    expect(body.networks).toEqual([
      { currency: 'ETH', chainId: null, decimals: 18, token: null },
      { currency: 'USDT', chainId: null, decimals: 6, token: expect.any(String) },
      { currency: 'USDC', chainId: null, decimals: 6, token: expect.any(String) },
    ]);
  });
});
