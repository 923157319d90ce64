import { describe, expect, it } from 'vitest';
import { createChains } from '../../chain/clients.js';
import { useTestApp } from '../../test/app.js';
import { deadRpcUrl, useLocalChain } from '../../test/anvil.js';
import { signUp } from '../../test/factories.js';

// anvil runs chain 31337: the Sign-In with Ethereum message must name it, so the
// wallet shows the network the payments are verified on (CONTRACT.md section 7).
const chain = useLocalChain();
const t = useTestApp({ config: chain.config });

describe('POST /api/wallets/challenge', () => {
  it("names the chain at ETH_RPC_URL in the EIP-4361 message, and the link still works", async () => {
    const user = await signUp(t);
    const challenge = await user.client.post('/api/wallets/challenge', { address: chain.account(1).address });
    expect(challenge.statusCode).toBe(200);
    const { message } = challenge.json() as { message: string };
    expect(message).toMatch(/\nChain ID: 31337\n/);
    const signature = await chain.account(1).signMessage({ message });
    expect((await user.client.post('/api/wallets', { message, signature })).statusCode).toBe(201);
  });

  it('asks the node once, and again only after a failed ask', async () => {
    const chains = createChains({ ...t.app.config, ethRpcUrl: await deadRpcUrl() });
    await expect(chains.ethChainId()).rejects.toThrow();
    await expect(chains.ethChainId()).rejects.toThrow();
    const live = createChains(t.app.config);
    const first = live.ethChainId();
    expect(live.ethChainId()).toBe(first);
    expect(await first).toBe(31337);
    expect(await createChains({ ...t.app.config, ethRpcUrl: undefined }).ethChainId()).toBe(1);
  });
});
