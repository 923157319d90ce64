import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { boardId, createReply, createThread, signUp, type TestUser } from '../../test/factories.js';

const t = useTestApp();
let admin: TestUser;
let author: TestUser;
let replier: TestUser;

beforeAll(async () => {
  [admin, author, replier] = await Promise.all([signUp(t, { admin: true }), signUp(t), signUp(t)]);
});

/** A user's full figures as they see them: named writing counted on their row, anonymous writing through their key. */
const counts = async (user: TestUser) => {
  const { threadCount, postCount } = (await user.client.get('/api/user')).json() as { threadCount: number; postCount: number };
  return { threads: threadCount, posts: postCount };
};
const ids = (list: { id: number }[]) => list.map((item) => item.id);

describe('sticky and lock', () => {
  it('pins a thread to the top of its board, and unpins it', async () => {
    const board = await boardId(t, 'ck');
    const older = await createThread(t, author, { boardId: board });
    const newer = await createThread(t, author, { boardId: board });
    const list = async () => ids((await t.client().get('/api/boards/ck/threads')).json());
    expect(await list()).toEqual([newer.id, older.id]);

    const pinned = await admin.client.patch(`/api/threads/${older.id}/sticky`, { isSticky: true });
    expect(pinned.statusCode).toBe(200);
    expect(pinned.json()).toMatchObject({ id: older.id, isSticky: true, isLocked: false, ipHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(await list()).toEqual([older.id, newer.id]);

    expect((await admin.client.patch(`/api/threads/${older.id}/sticky`, { isSticky: false })).json().isSticky).toBe(false);
    expect(await list()).toEqual([newer.id, older.id]);
  });

  it('locks a thread against replies, and unlocks it', async () => {
    const thread = await createThread(t, author);
    const locked = await admin.client.patch(`/api/threads/${thread.id}/lock`, { isLocked: true });
    expect(locked.json()).toMatchObject({ id: thread.id, isLocked: true });
    expect((await t.client().get(`/api/threads/${thread.id}`)).json().isLocked).toBe(true);
    const refused = await replier.client.post('/api/posts', { threadId: thread.id, content: 'let me in' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'This thread is locked. No new replies can be added.' });

    expect((await admin.client.patch(`/api/threads/${thread.id}/lock`, { isLocked: false })).json().isLocked).toBe(false);
    await createReply(replier, thread.id);
  });

  it('answers 404 for a deleted thread', async () => {
    const thread = await createThread(t, author);
    await admin.client.delete(`/api/threads/${thread.id}`);
    expect((await admin.client.patch(`/api/threads/${thread.id}/sticky`, { isSticky: true })).statusCode).toBe(404);
    expect((await admin.client.patch(`/api/threads/${thread.id}/lock`, { isLocked: true })).json()).toEqual({ message: 'Thread not found' });
  });
});

describe('DELETE /api/threads/{id}', () => {
  it('removes the thread and its replies from lists, feeds and search, and discounts them exactly', async () => {
    const third = await signUp(t);
    const thread = await createThread(t, author, { boardId: await boardId(t, 'tv'), title: 'Xylophone quibbles', content: 'All about the xylophone' });
    const gone = await createReply(replier, thread.id, { content: 'xylophone reply removed first' });
    await createReply(replier, thread.id, { content: 'xylophone reply one' });
    await createReply(replier, thread.id, { content: 'xylophone reply two' });
    await createReply(author, thread.id, { content: 'xylophone answer' });
    await createReply(third, thread.id, { content: 'xylophone aside', isAnonymous: true });
    expect((await admin.client.delete(`/api/posts/${gone.id}`)).statusCode).toBe(204);

    const visitor = t.client();
    const everywhere = async () => ({
      board: ids((await visitor.get('/api/boards/tv/threads')).json()),
      recent: ids((await visitor.get('/api/threads/simple-recent')).json()),
      popular: ids((await visitor.get('/api/threads/simple-popular')).json()),
      search: (await visitor.get('/api/search?query=xylophone')).json(),
    });
    const before = await everywhere();
    for (const list of [before.board, before.recent, before.popular, ids(before.search.threads)]) expect(list).toContain(thread.id);
    expect(before.search.posts).toHaveLength(4);
    const [authorBefore, replierBefore, thirdBefore] = await Promise.all([counts(author), counts(replier), counts(third)]);

    const response = await admin.client.delete(`/api/threads/${thread.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    const after = await everywhere();
    for (const list of [after.board, after.recent, after.popular, ids(after.search.threads)]) expect(list).not.toContain(thread.id);
    expect(after.search.posts).toEqual([]);
    expect((await visitor.get(`/api/threads/${thread.id}`)).statusCode).toBe(404);
    expect((await replier.client.post('/api/posts', { threadId: thread.id, content: 'too late' })).statusCode).toBe(404);
    expect(await counts(author)).toEqual({ threads: authorBefore.threads - 1, posts: authorBefore.posts - 1 });
    expect(await counts(replier)).toEqual({ threads: replierBefore.threads, posts: replierBefore.posts - 2 });
    expect(await counts(third)).toEqual({ threads: 0, posts: thirdBefore.posts - 1 });

    expect((await admin.client.delete(`/api/threads/${thread.id}`)).statusCode).toBe(404);
    expect(await counts(author)).toEqual({ threads: authorBefore.threads - 1, posts: authorBefore.posts - 1 });
  });

  it('keeps counts exact when a thread and its replies are deleted at the same time', async () => {
    const thread = await createThread(t, author);
    const replies = await Promise.all(Array.from({ length: 6 }, () => createReply(replier, thread.id)));
    const before = await counts(replier);
    const results = await Promise.all([
      admin.client.delete(`/api/threads/${thread.id}`),
      ...replies.map((reply) => admin.client.delete(`/api/posts/${reply.id}`)),
    ]);
    expect(results.every((result) => result.statusCode === 204 || result.statusCode === 404)).toBe(true);
    expect(await counts(replier)).toEqual({ threads: before.threads, posts: before.posts - 6 });
  });
});

describe('DELETE /api/posts/{id}', () => {
  it('leaves a placeholder without content or author, keeps the text in the database, and discounts it', async () => {
    const thread = await createThread(t, author);
    const reply = await createReply(replier, thread.id, { content: 'rude words', isAnonymous: false });
    const before = await counts(replier);

    expect((await admin.client.delete(`/api/posts/${reply.id}`)).statusCode).toBe(204);
    const detail = (await t.client().get(`/api/threads/${thread.id}`)).json();
    expect(detail.replyCount).toBe(1);
    expect(detail.posts).toEqual([
      expect.objectContaining({ id: reply.id, isDeleted: true, content: '', imageUrl: null, userId: null, username: null }),
    ]);
    const [stored] = await t.database.db.select({ content: posts.content }).from(posts).where(eq(posts.id, reply.id));
    expect(stored!.content).toBe('rude words');
    expect(await counts(replier)).toEqual({ threads: before.threads, posts: before.posts - 1 });

    expect((await admin.client.delete(`/api/posts/${reply.id}`)).statusCode).toBe(404);
    expect(await counts(replier)).toEqual({ threads: before.threads, posts: before.posts - 1 });
  });
});
