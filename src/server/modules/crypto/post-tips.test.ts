import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { posts, threads } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { addAddress, useLocalChain } from '../../test/anvil.js';
import { createReply, createThread, signUp, type TestUser } from '../../test/factories.js';

const chain = useLocalChain();
const t = useTestApp({ config: chain.config });

let author: TestUser;
let tipper: TestUser;
let threadId: number;

/** A hash no chain knows: the tip is recorded as pending, which is all these tests need. */
const unknownHash = () => `0x${randomBytes(32).toString('hex')}`;
const tip = async (target: { threadId: number } | { postId: number }, amount = '0.01') => {
  const response = await tipper.client.post('/api/crypto/tips', { amount, currency: 'ETH', txHash: unknownHash(), ...target });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number };
};
const postTips = (id: number) => t.client().get(`/api/threads/${id}/post-tips`);

beforeAll(async () => {
  author = await signUp(t);
  tipper = await signUp(t);
  await addAddress(author, chain.account(8).address);
  threadId = (await createThread(t, author, { isAnonymous: false })).id;
});

describe('GET /api/threads/:id/post-tips', () => {
  it("lists the tips on the thread's replies, newest first, without the thread's own tips", async () => {
    const first = (await createReply(author, threadId, { isAnonymous: false })).id;
    const second = (await createReply(author, threadId, { isAnonymous: false })).id;
    await tip({ threadId });
    const older = await tip({ postId: first }, '0.02');
    const newer = await tip({ postId: second }, '0.03');
    const other = (await createThread(t, author, { isAnonymous: false })).id;
    await tip({ postId: (await createReply(author, other, { isAnonymous: false })).id });

    const response = await postTips(threadId);
    expect(response.statusCode).toBe(200);
    const list = response.json() as Record<string, unknown>[];
    expect(list.map((entry) => entry.id)).toEqual([newer.id, older.id]);
    // The same public shape as GET /api/posts/:id/tips: never who sent it.
    expect(list[1]).toEqual({
      id: older.id,
      amount: '0.02',
      currency: 'ETH',
      status: 'pending',
      createdAt: expect.any(String),
      txHash: expect.any(String),
      threadId,
      postId: first,
    });
    expect(list[1]).toEqual((await t.client().get(`/api/posts/${first}/tips`)).json()[0]);
  });

  it("hides a deleted post's tips, as GET /api/posts/:id/tips does", async () => {
    const id = (await createThread(t, author, { isAnonymous: false })).id;
    const kept = (await createReply(author, id, { isAnonymous: false })).id;
    const removed = (await createReply(author, id, { isAnonymous: false })).id;
    const keptTip = await tip({ postId: kept });
    await tip({ postId: removed });
    await t.database.db.update(posts).set({ isDeleted: true }).where(eq(posts.id, removed));
    expect((await postTips(id)).json().map((entry: { id: number }) => entry.id)).toEqual([keptTip.id]);
  });

  it('answers an empty list for a thread without tipped replies', async () => {
    const id = (await createThread(t, author)).id;
    expect((await postTips(id)).json()).toEqual([]);
  });

  it('answers 404 for an unknown or deleted thread', async () => {
    expect((await postTips(999999)).statusCode).toBe(404);
    expect((await t.client().get('/api/threads/abc/post-tips')).statusCode).toBe(404);
    const id = (await createThread(t, author)).id;
    await t.database.db.update(threads).set({ isDeleted: true }).where(eq(threads.id, id));
    const response = await postTips(id);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Thread not found');
  });
});
