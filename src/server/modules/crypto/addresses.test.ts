import { eq } from 'drizzle-orm';
import { mnemonicToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { cryptoTips, walletChallenges } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { createReply, createThread, signUp, type TestUser } from '../../test/factories.js';

// No ETH_RPC_URL here: payments are not configured.
const t = useTestApp();
const account = (index: number) => mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: index });
const ETH = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955';
let owner: TestUser;

beforeAll(async () => {
  owner = await signUp(t);
});

describe('receiving addresses', () => {
  it('validates currency and address with the form messages', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ address: ETH }, { currency: 'Currency is required' }],
      [{ currency: 'ETH', address: '0x123' }, { address: 'Address must be at least 10 characters' }],
      [{ currency: 'ETH', address: `0x${'a'.repeat(140)}` }, { address: 'Address is too long' }],
      [{ currency: 'ETH', address: ETH.replace('dC', 'Dc') }, { address: 'ETH address checksum does not match (check for a typo)' }],
      [{ currency: 'USDC', address: 'not-an-evm-address' }, { address: 'USDC address must be 0x followed by 40 hex digits' }],
      [{ currency: 'BTC', address: '1BoatSLRHtKNngkdXEeobR76b53LETtpyO' }, { address: 'This is not a valid BTC address' }],
      [{ currency: 'XRP', address: ETH }, { currency: 'Currency must be BTC, ETH, SOL, DOGE, USDT or USDC' }],
    ];
    for (const [body, errors] of cases) {
      const response = await owner.client.post('/api/crypto/addresses', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual(errors);
    }
  });

  it('adds, lists and deletes own addresses only; lower-case EVM and real BTC/SOL/DOGE addresses pass', async () => {
    const valid = [
      { currency: 'ETH', address: ETH.toLowerCase() },
      { currency: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
      { currency: 'SOL', address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV' },
      { currency: 'DOGE', address: 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L' },
    ];
    for (const body of valid) expect((await owner.client.post('/api/crypto/addresses', body)).statusCode).toBe(201);
    expect((await owner.client.post('/api/crypto/addresses', valid[0])).statusCode).toBe(409);
    const list = (await owner.client.get('/api/crypto/addresses')).json() as { id: number; useForAnonymous: boolean }[];
    expect(list).toHaveLength(4);
    expect(list[0]!.useForAnonymous).toBe(false);
    const other = await signUp(t);
    expect((await other.client.get('/api/crypto/addresses')).json()).toEqual([]);
    expect((await other.client.delete(`/api/crypto/addresses/${list[1]!.id}`)).statusCode).toBe(404);
    expect((await owner.client.delete(`/api/crypto/addresses/${list[1]!.id}`)).statusCode).toBe(204);
    expect((await t.client().get('/api/crypto/addresses')).statusCode).toBe(401);
  });

  it('answers look-ups, hiding the address of anonymous content unless marked for it', async () => {
    const author = await signUp(t);
    const named = (await createThread(t, author, { isAnonymous: false })).id;
    const anonymous = (await createThread(t, author, { isAnonymous: true })).id;
    const anonymousReply = (await createReply(author, named, { isAnonymous: true })).id;
    expect((await t.client().get(`/api/users/${author.id}/crypto-address/ETH`)).statusCode).toBe(404);
    await author.client.post('/api/crypto/addresses', { currency: 'ETH', address: ETH });
    const visitor = t.client();
    expect((await visitor.get(`/api/users/${author.id}/crypto-address/ETH`)).json()).toEqual({ address: ETH });
    expect((await visitor.get(`/api/threads/${named}/author/crypto-address/ETH`)).json()).toEqual({ address: ETH });
    expect((await visitor.get(`/api/threads/${anonymous}/author/crypto-address/ETH`)).statusCode).toBe(404);
    expect((await visitor.get(`/api/posts/${anonymousReply}/author/crypto-address/ETH`)).statusCode).toBe(404);
    const forAnonymous = account(3).address;
    await author.client.post('/api/crypto/addresses', { currency: 'ETH', address: forAnonymous, useForAnonymous: true });
    expect((await visitor.get(`/api/threads/${anonymous}/author/crypto-address/ETH`)).json()).toEqual({ address: forAnonymous });
    expect((await visitor.get(`/api/posts/${anonymousReply}/author/crypto-address/ETH`)).json()).toEqual({ address: forAnonymous });
    expect((await visitor.get(`/api/users/${author.id}/crypto-address/ETH`)).json()).toEqual({ address: ETH });
    expect((await visitor.get(`/api/threads/${named}/author/crypto-address/ETH`)).json()).toEqual({ address: ETH });
    // Without PAYMENT_ADDRESS, an anonymous premium thread has nowhere to be paid but a marked address.
    expect((await visitor.get('/api/threads/999999/author/crypto-address/ETH')).statusCode).toBe(404);
  });

  it('without ETH_RPC_URL: purchases answer 503, plans list no currency, tips stay pending', async () => {
    const author = await signUp(t, { premium: true });
    await author.client.post('/api/crypto/addresses', { currency: 'ETH', address: account(4).address });
    const threadId = (await createThread(t, author, { isAnonymous: false, isPremium: true, accessPrice: '0.01', premiumContent: 'Hidden' })).id;
    const buyer = await signUp(t);
    const hash = `0x${'77'.repeat(32)}`;
    const access = await buyer.client.post('/api/premium/purchase-access', { threadId, amount: '0.01', currency: 'ETH', txHash: hash });
    expect(access.statusCode).toBe(503);
    expect(access.json().message).toBe('Payments are not configured');
    const membership = await buyer.client.post('/api/premium/purchase-membership', { duration: 'annual', amount: '1', currency: 'ETH', txHash: hash });
    expect(membership.json()).toEqual({ message: 'Payments are not configured' });
    expect((await t.client().get('/api/premium/membership-plans')).json()).toEqual({
      plans: [
        { id: 'monthly', usd: '8.50', prices: {} },
        { id: 'annual', usd: '85.00', prices: {} },
      ],
      paymentAddress: null,
    });
    const tip = await buyer.client.post('/api/crypto/tips', { amount: '0.01', currency: 'ETH', txHash: hash, threadId });
    expect(tip.json().status).toBe('pending');
    expect((await t.database.db.select().from(cryptoTips).where(eq(cryptoTips.txHash, hash)))[0]!.status).toBe('pending');
  });
});

describe('wallet links', () => {
  const challenge = async (user: TestUser, index: number) =>
    ((await user.client.post('/api/wallets/challenge', { address: account(index).address })).json() as { message: string }).message;

  it('links a wallet with a signed one-time EIP-4361 message, lists and unlinks it', async () => {
    const user = await signUp(t);
    const message = await challenge(user, 1);
    expect(message).toMatch(/wants you to sign in with your Ethereum account:\n0x70997970C51812dc3A010C7d01b50e0d17dc79C8/);
    // No ETH_RPC_URL: no chain to ask, so mainnet's id.
    expect(message).toMatch(/\nChain ID: 1\n/);
    const signature = await account(1).signMessage({ message });
    const linked = await user.client.post('/api/wallets', { message, signature });
    expect(linked.statusCode).toBe(201);
    expect(linked.json().address).toBe(account(1).address);
    expect((await user.client.post('/api/wallets', { message, signature })).statusCode).toBe(400);
    expect(((await user.client.get('/api/wallets')).json() as { address: string }[]).map((w) => w.address)).toEqual([account(1).address]);

    const other = await signUp(t);
    const again = await challenge(other, 1);
    const taken = await other.client.post('/api/wallets', { message: again, signature: await account(1).signMessage({ message: again }) });
    expect(taken.statusCode).toBe(409);

    expect((await user.client.delete(`/api/wallets/${account(1).address}`)).statusCode).toBe(204);
    expect((await user.client.get('/api/wallets')).json()).toEqual([]);
    expect((await user.client.delete(`/api/wallets/${account(1).address}`)).statusCode).toBe(404);
  });

  it('refuses a badly signed, expired or foreign message', async () => {
    const user = await signUp(t);
    const message = await challenge(user, 2);
    const wrongSigner = await account(3).signMessage({ message });
    expect((await user.client.post('/api/wallets', { message, signature: wrongSigner })).statusCode).toBe(400);
    const tampered = message.replace('Nonce: ', 'Nonce: x');
    expect((await user.client.post('/api/wallets', { message: tampered, signature: await account(2).signMessage({ message: tampered }) })).statusCode).toBe(400);
    const stranger = await signUp(t);
    expect((await stranger.client.post('/api/wallets', { message, signature: await account(2).signMessage({ message }) })).statusCode).toBe(400);
    await t.database.db.update(walletChallenges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(walletChallenges.userId, user.id));
    expect((await user.client.post('/api/wallets', { message, signature: await account(2).signMessage({ message }) })).statusCode).toBe(400);
    expect((await t.client().post('/api/wallets/challenge', { address: account(2).address })).statusCode).toBe(401);
  });
});
