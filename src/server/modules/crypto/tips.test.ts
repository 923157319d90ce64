import { eq } from 'drizzle-orm';
import { parseEther } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { createChains } from '../../chain/clients.js';
import { cryptoTips, threads, users } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { addAddress, linkWallet, useLocalChain } from '../../test/anvil.js';
import { createReply, createThread, signUp, type TestUser } from '../../test/factories.js';
import { verifyPendingTips } from './tips.js';

const chain = useLocalChain();
const t = useTestApp({ config: chain.config });

let author: TestUser;
let authorAddress: string;
let threadId: number;
let postId: number;

const tip = (user: TestUser, txHash: string, fields: Record<string, unknown> = {}) =>
  user.client.post('/api/crypto/tips', { amount: '0.01', currency: 'ETH', txHash, threadId, ...fields });
const statusOf = async (hash: string) => (await t.database.db.select().from(cryptoTips).where(eq(cryptoTips.txHash, hash)))[0]?.status;
const verify = (now?: Date) => verifyPendingTips({ db: t.database.db, chains: createChains(t.app.config), ...(now ? { now } : {}) });
const totals = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

beforeAll(async () => {
  author = await signUp(t);
  authorAddress = chain.account(7).address;
  await addAddress(author, authorAddress);
  threadId = (await createThread(t, author, { isAnonymous: false })).id;
  postId = (await createReply(author, threadId, { isAnonymous: false })).id;
});

describe('tips', () => {
  it('confirms a tip that really paid the author and counts it in the USD totals', async () => {
    const tipper = await signUp(t);
    await linkWallet(chain, tipper, 1);
    const hash = await chain.payEth(1, authorAddress, parseEther('0.01'));
    const response = await tip(tipper, hash, { recipientAddress: authorAddress.toLowerCase() });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ amount: '0.01', currency: 'ETH', txHash: hash, status: 'confirmed', threadId, postId: null });
    expect((await totals(tipper.id)).totalTipsSent).toBe('30.00000000');
    expect((await totals(author.id)).totalTipsReceived).toBe('30.00000000');
    const [thread] = await t.database.db.select().from(threads).where(eq(threads.id, threadId));
    expect(thread!.totalTipsReceived).toBe('30.00000000');

    const list = (await t.client().get(`/api/threads/${threadId}/tips`)).json() as Record<string, unknown>[];
    expect(list[0]).toEqual({ id: expect.any(Number), amount: '0.01', currency: 'ETH', status: 'confirmed', createdAt: expect.any(String), txHash: hash, threadId, postId: null });
    const mine = (await tipper.client.get('/api/user/tips')).json() as { thread: unknown }[];
    expect(mine[0]!.thread).toEqual({ id: threadId, title: 'A thread title' });
  });

  it('counts a USDC tip on a post through the token Transfer log', async () => {
    const tipper = await signUp(t);
    await linkWallet(chain, tipper, 2);
    const hash = await chain.payToken(2, authorAddress, 2_500_000n);
    const response = await tip(tipper, hash, { amount: '2.5', currency: 'USDC', threadId: undefined, postId });
    expect(response.json()).toMatchObject({ status: 'confirmed', postId, threadId });
    expect((await totals(tipper.id)).totalTipsSent).toBe('2.50000000');
    expect(((await t.client().get(`/api/posts/${postId}/tips`)).json() as unknown[]).length).toBe(1);
  });

  it('keeps a fake hash pending and never counts it; it fails after an hour', async () => {
    const tipper = await signUp(t);
    const hash = `0x${'cd'.repeat(32)}`;
    expect((await tip(tipper, hash)).json().status).toBe('pending');
    await verify();
    expect(await statusOf(hash)).toBe('pending');
    await verify(new Date(Date.now() + 61 * 60 * 1000));
    expect(await statusOf(hash)).toBe('failed');
    expect((await totals(tipper.id)).totalTipsSent).toBe('0.00000000');
  });

  it('fails a reverted transaction and an underpaying one', async () => {
    const tipper = await signUp(t);
    await linkWallet(chain, tipper, 3);
    const reverted = await chain.revertedTx(3);
    expect((await tip(tipper, reverted)).json().status).toBe('failed');
    const small = await chain.payEth(3, authorAddress, parseEther('0.001'));
    expect((await tip(tipper, small)).json().status).toBe('failed');
    expect((await totals(tipper.id)).totalTipsSent).toBe('0.00000000');
  });

  it("refuses someone else's visible transaction (403, nothing recorded) and its payer can claim it", async () => {
    const payer = await signUp(t);
    await linkWallet(chain, payer, 4);
    const thief = await signUp(t);
    const hash = await chain.payEth(4, authorAddress, parseEther('0.01'));
    expect((await tip(thief, hash)).statusCode).toBe(403);
    expect(await statusOf(hash)).toBeUndefined();
    expect((await tip(payer, hash)).statusCode).toBe(201);
    expect((await tip(payer, hash)).statusCode).toBe(409);
    expect((await tip(thief, hash)).statusCode).toBe(403);
  });

  it('checks the recipient, the target and the form', async () => {
    const tipper = await signUp(t);
    const hash = `0x${'12'.repeat(32)}`;
    const wrong = await tip(tipper, hash, { recipientAddress: chain.account(6).address });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/does not match/);
    expect((await tip(tipper, hash, { threadId: 999999 })).statusCode).toBe(404);
    expect((await tip(author, hash)).json().message).toBe('You cannot tip your own content');
    const invalid = await tipper.client.post('/api/crypto/tips', { amount: '0', currency: '', txHash: 'short', threadId });
    expect(invalid.json().errors).toEqual({
      amount: 'Amount must be greater than 0',
      currency: 'Currency is required',
      txHash: 'Transaction hash must be at least 10 characters',
    });
    expect((await tipper.client.post('/api/crypto/tips', { amount: 'abc', currency: 'ETH', txHash: hash, threadId })).json().errors.amount).toBe(
      'Amount must be a valid number',
    );
    expect((await tipper.client.post('/api/crypto/tips', { amount: '-1', currency: 'ETH', txHash: hash, threadId })).json().errors.amount).toBe(
      'Amount must be greater than 0',
    );
    expect((await tipper.client.post('/api/crypto/tips', { amount: '', currency: 'ETH', txHash: hash, threadId })).json().errors.amount).toBe(
      'Amount is required',
    );
    expect((await t.client().post('/api/crypto/tips', { amount: '1', currency: 'ETH', txHash: hash, threadId })).statusCode).toBe(401);
  });
});
