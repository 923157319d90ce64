// A confirmed tip notifies the author of the content it paid (CONTRACT.md section 11),
// whether it is confirmed in the request or later by the verifier job; the tipper is
// never named, and an anonymous recipient's notification names no one either.
import { eq } from 'drizzle-orm';
import { parseEther } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { createChains } from '../../chain/clients.js';
import { cryptoTips, notifications } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { addAddress, linkWallet, useLocalChain } from '../../test/anvil.js';
import { createReply, createThread, signUp, type TestUser } from '../../test/factories.js';
import { verifyPendingTips } from '../crypto/index.js';

const chain = useLocalChain();
const t = useTestApp({ config: chain.config });

let author: TestUser;
let tipper: TestUser;
let authorAddress: string;
/** For the author's signed content: the marked address answers only for anonymous posts (CONTRACT.md section 13). */
let namedAddress: string;

beforeAll(async () => {
  [author, tipper] = await Promise.all([signUp(t), signUp(t)]);
  authorAddress = chain.account(7).address;
  await addAddress(author, authorAddress, { useForAnonymous: true });
  namedAddress = chain.account(8).address;
  await addAddress(author, namedAddress);
  await linkWallet(chain, tipper, 1);
});

const tipsOf = async (user: TestUser) => ((await user.client.get('/api/notifications')).json() as { type: string; threadId: number; postId: number | null; actor: unknown }[]).filter((item) => item.type === 'tip');

describe('tip notifications', () => {
  it('tells the author of a tipped thread and of a tipped anonymous post, naming no tipper', async () => {
    const thread = await createThread(t, author, { isAnonymous: false });
    const hash = await chain.payEth(1, namedAddress, parseEther('0.01'));
    const response = await tipper.client.post('/api/crypto/tips', { amount: '0.01', currency: 'ETH', txHash: hash, threadId: thread.id });
    expect(response.json()).toMatchObject({ status: 'confirmed' });
    expect(await tipsOf(author)).toEqual([expect.objectContaining({ threadId: thread.id, postId: null, actor: null })]);

    const post = await createReply(author, thread.id, { isAnonymous: true });
    const second = await chain.payEth(1, authorAddress, parseEther('0.01'));
    expect((await tipper.client.post('/api/crypto/tips', { amount: '0.01', currency: 'ETH', txHash: second, postId: post.id })).json()).toMatchObject({ status: 'confirmed' });
    expect((await tipsOf(author))[0]).toMatchObject({ threadId: thread.id, postId: post.id, actor: null });
    expect(await tipsOf(tipper)).toEqual([]);
  });

  it('notifies when the verifier job confirms a pending tip', async () => {
    const thread = await createThread(t, author);
    const hash = await chain.payEth(1, authorAddress, parseEther('0.01'));
    expect((await tipper.client.post('/api/crypto/tips', { amount: '0.01', currency: 'ETH', txHash: hash, threadId: thread.id })).statusCode).toBe(201);
    // As if the chain had not confirmed it during the request: pending, nothing notified yet.
    await t.database.db.update(cryptoTips).set({ status: 'pending' }).where(eq(cryptoTips.txHash, hash));
    await t.database.db.delete(notifications).where(eq(notifications.threadId, thread.id));
    expect((await tipsOf(author)).filter((item) => item.threadId === thread.id)).toEqual([]);
    await verifyPendingTips({ db: t.database.db, chains: createChains(t.app.config) });
    expect((await tipsOf(author)).filter((item) => item.threadId === thread.id)).toHaveLength(1);
  });
});
