import { eq } from 'drizzle-orm';
import { parseEther } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { cryptoTips, premiumAccesses } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { addAddress, linkWallet, useLocalChain } from '../../test/anvil.js';
import { createThread, signUp, type TestUser } from '../../test/factories.js';
import { verifyPendingTips } from './tips.js';

// Payments need 3 confirmations here, and the node is stopped and started again.
const chain = useLocalChain();
Object.assign(chain.config, { paymentConfirmations: 3, paymentAddress: chain.account(8).address });
const t = useTestApp({ config: chain.config });

let author: TestUser;
let tipper: TestUser;
let authorAddress: string;
let threadId: number;

const statusOf = async (hash: string) => (await t.database.db.select().from(cryptoTips).where(eq(cryptoTips.txHash, hash)))[0]?.status;
const verify = () => verifyPendingTips({ db: t.database.db, chains: t.app.chains });

beforeAll(async () => {
  author = await signUp(t, { premium: true });
  authorAddress = chain.account(7).address;
  await addAddress(author, authorAddress);
  threadId = (await createThread(t, author, { isAnonymous: false, isPremium: true, accessPrice: '0.01', premiumContent: 'Hidden' })).id;
  tipper = await signUp(t);
  await linkWallet(chain, tipper, 1);
});

describe('confirmations and an unreachable chain node', () => {
  it('keeps a tip pending until its transaction has the confirmations', async () => {
    const hash = await chain.payEth(1, authorAddress, parseEther('0.01'));
    expect((await tipper.client.post('/api/crypto/tips', { amount: '0.01', currency: 'ETH', txHash: hash, threadId })).json().status).toBe('pending');
    await verify();
    expect(await statusOf(hash)).toBe('pending');
    await chain.mine(2);
    await verify();
    expect(await statusOf(hash)).toBe('confirmed');
  });

  it('refuses a purchase with too few confirmations, and accepts the same hash once it has them', async () => {
    const hash = await chain.payEth(1, authorAddress, parseEther('0.01'));
    const body = { threadId, amount: '0.01', currency: 'ETH', txHash: hash };
    const early = await tipper.client.post('/api/premium/purchase-access', body);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(/1 of the 3 confirmations/);
    await chain.mine(2);
    expect((await tipper.client.post('/api/premium/purchase-access', body)).statusCode).toBe(201);
  });

  it('answers 503 to purchases while the node is down, keeps tips pending, and confirms them when it is back', async () => {
    const buyer = await signUp(t);
    await linkWallet(chain, buyer, 2);
    const purchaseHash = await chain.payEth(2, authorAddress, parseEther('0.01'));
    const tipHash = await chain.payEth(1, authorAddress, parseEther('0.02'));
    await chain.mine(2);
    await chain.stop();
    try {
      const purchase = await buyer.client.post('/api/premium/purchase-access', { threadId, amount: '0.01', currency: 'ETH', txHash: purchaseHash });
      expect(purchase.statusCode).toBe(503);
      expect(await t.database.db.select().from(premiumAccesses).where(eq(premiumAccesses.userId, buyer.id))).toHaveLength(0);
      const membership = await buyer.client.post('/api/premium/purchase-membership', { duration: 'monthly', amount: '1', currency: 'ETH', txHash: purchaseHash });
      expect(membership.statusCode).toBe(503);

      const recorded = await tipper.client.post('/api/crypto/tips', { amount: '0.02', currency: 'ETH', txHash: tipHash, threadId });
      expect(recorded.json().status).toBe('pending');
      await verify();
      expect(await statusOf(tipHash)).toBe('pending');
    } finally {
      await chain.restart();
    }
    await verify();
    expect(await statusOf(tipHash)).toBe('confirmed');
    expect((await buyer.client.post('/api/premium/purchase-access', { threadId, amount: '0.01', currency: 'ETH', txHash: purchaseHash })).statusCode).toBe(201);
  });
});
