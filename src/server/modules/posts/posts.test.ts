import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { posts, threads } from '../../db/schema.js';
import { hashIp } from '../../plugins/client-ip.js';
import { testConfig, useTestApp } from '../../test/app.js';
import { createReply, createThread, insertBan, signUp, type TestUser } from '../../test/factories.js';

const t = useTestApp();
let author: TestUser;
let replier: TestUser;
let threadId: number;

beforeAll(async () => {
  [author, replier] = await Promise.all([signUp(t), signUp(t)]);
  threadId = (await createThread(t, author)).id;
});

const countPosts = () => t.database.db.$count(posts);

describe('POST /api/posts', () => {
  it('needs a signed-in user', async () => {
    expect((await t.client().post('/api/posts', { threadId, content: 'hello' })).statusCode).toBe(401);
  });

  it.each([
    ['', 'Reply cannot be empty'],
    ['   ', 'Reply cannot be empty'],
    ['x'.repeat(2001), 'Reply must be less than 2000 characters'],
  ])('refuses content %j with "%s"', async (content, message) => {
    const before = await countPosts();
    const response = await replier.client.post('/api/posts', { threadId, content });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: { content: message } });
    expect(await countPosts()).toBe(before);
  });

  it('accepts 1 and 2000 characters, anonymous by default, and bumps the thread', async () => {
    const before = (await t.client().get(`/api/threads/${threadId}`)).json();
    const short = await createReply(replier, threadId, { content: 'k' });
    const long = await createReply(replier, threadId, { content: 'z'.repeat(2000) });
    expect(short).toMatchObject({ content: 'k', isAnonymous: true, userId: null, isOwn: true, threadId });
    expect((long.content as string).length).toBe(2000);
    const after = (await t.client().get(`/api/threads/${threadId}`)).json();
    expect(after.replyCount).toBe(before.replyCount + 2);
    expect(new Date(after.bumpedAt).getTime()).toBeGreaterThan(new Date(before.bumpedAt).getTime());
  });

  it('takes multipart with an image and the _csrf field', async () => {
    const response = await replier.client.postForm('/api/posts', { threadId: String(threadId), content: 'form reply', isAnonymous: 'false' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ content: 'form reply', username: replier.username, imageUrl: null });
  });

  it('answers with the reply exactly as the thread page shows it to its author', async () => {
    const named = await createReply(replier, threadId, { content: 'named reply', isAnonymous: false });
    const anonymous = await createReply(replier, threadId, { content: 'anonymous reply' });
    const page = (await replier.client.get(`/api/threads/${threadId}`)).json();
    const shown = (id: number) => page.posts.find((post: { id: number }) => post.id === id);
    expect(named).toEqual(shown(named.id));
    expect(anonymous).toEqual(shown(anonymous.id));
    expect(named).toMatchObject({ username: replier.username, userId: replier.id, isOwn: true });
  });

  it('links a reply to a post of the same thread only', async () => {
    const parent = await createReply(author, threadId);
    const child = await createReply(replier, threadId, { replyToId: parent.id });
    expect(child.replyToId).toBe(parent.id);
    const elsewhere = await createThread(t, author);
    const foreign = await createReply(author, elsewhere.id);
    const response = await replier.client.post('/api/posts', { threadId, content: 'cross', replyToId: foreign.id });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.replyToId).toBe('You can only reply to a post in the same thread');
    expect((await replier.client.post('/api/posts', { threadId, content: 'ghost', replyToId: 99999999 })).statusCode).toBe(400);
  });

  it('answers 403 on a locked thread and 404 on a deleted or unknown one, changing nothing', async () => {
    const locked = await createThread(t, author);
    await t.database.db.update(threads).set({ isLocked: true }).where(eq(threads.id, locked.id));
    const deleted = await createThread(t, author);
    await t.database.db.update(threads).set({ isDeleted: true }).where(eq(threads.id, deleted.id));
    const before = await countPosts();
    const lockedReply = await replier.client.post('/api/posts', { threadId: locked.id, content: 'hi' });
    expect(lockedReply.statusCode).toBe(403);
    expect(lockedReply.json()).toEqual({ message: 'This thread is locked. No new replies can be added.' });
    expect((await replier.client.post('/api/posts', { threadId: deleted.id, content: 'hi' })).statusCode).toBe(404);
    expect((await replier.client.post('/api/posts', { threadId: 99999999, content: 'hi' })).statusCode).toBe(404);
    expect(await countPosts()).toBe(before);
    const [{ replyCount }] = (await t.database.db.select({ replyCount: threads.replyCount }).from(threads).where(eq(threads.id, locked.id))) as [{ replyCount: number }];
    expect(replyCount).toBe(0);
  });

  it('keeps replyCount exact under 50 concurrent replies', async () => {
    const thread = await createThread(t, author);
    const repliers = await Promise.all(Array.from({ length: 5 }, () => signUp(t)));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => repliers[i % 5]!.client.post('/api/posts', { threadId: thread.id, content: `reply ${i}` })),
    );
    expect(results.every((response) => response.statusCode === 201)).toBe(true);
    const detail = (await t.client().get(`/api/threads/${thread.id}`)).json();
    expect(detail.replyCount).toBe(50);
    expect(detail.posts).toHaveLength(50);
  });
});

describe('bans', () => {
  it('stop a banned client from creating threads, replying and voting, while reading stays open', async () => {
    const ip = '198.51.100.99';
    const banned = await signUp(t, { ip });
    const thread = await createThread(t, author);
    await insertBan(t, { ipHash: hashIp(testConfig().secret, ip), reason: 'flooding' });
    for (const response of [
      await banned.client.post('/api/threads', { boardId: thread.boardId, title: 'Banned title', content: 'Banned content' }),
      await banned.client.post('/api/posts', { threadId: thread.id, content: 'banned reply' }),
      await banned.client.post(`/api/threads/${thread.id}/vote`, { voteType: 1 }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'You are banned: flooding', ban: { reason: 'flooding', expiresAt: null, appealable: true } });
    }
    expect((await banned.client.get(`/api/threads/${thread.id}`)).statusCode).toBe(200);
  });
});
