import { beforeAll, describe, expect, it } from 'vitest';
import type { Post, ThreadDetail } from '../../../shared/api.js';
import { useTestApp } from '../../test/app.js';
import { createReply, createThread, signUp, type TestUser } from '../../test/factories.js';

// CONTRACT.md section 11: poster IDs tell an anonymous thread's posters apart without
// telling anyone who they are.
const t = useTestApp();

let alice: TestUser;
let bob: TestUser;

const threadAs = async (viewer: TestUser | null, id: number) =>
  (await (viewer ? viewer.client : t.client()).get(`/api/threads/${id}`)).json() as ThreadDetail;
const idsOf = (posts: Post[]) => posts.map((post) => post.posterId);

beforeAll(async () => {
  alice = await signUp(t);
  bob = await signUp(t);
});

describe('posterId', () => {
  it("is one 8-character ID per anonymous author in a thread, null on named posts, and the same for every viewer", async () => {
    const threadId = (await createThread(t, alice, { isAnonymous: true })).id;
    await createReply(alice, threadId, { isAnonymous: true });
    await createReply(bob, threadId, { isAnonymous: true });
    await createReply(alice, threadId, { isAnonymous: false });
    await createReply(bob, threadId, { isAnonymous: true });

    const thread = await threadAs(null, threadId);
    const opId = thread.posterId!;
    expect(opId).toMatch(/^[A-Za-z0-9_-]{8}$/);
    const [aliceAnon, bobFirst, aliceNamed, bobSecond] = idsOf(thread.posts);
    // Alice's anonymous reply shares the opening post's ID; her named one carries none,
    // or it would join her anonymous posts to her name.
    expect(aliceAnon).toBe(opId);
    expect(aliceNamed).toBeNull();
    expect(bobFirst).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(bobSecond).toBe(bobFirst);
    expect(bobFirst).not.toBe(opId);

    const admin = await signUp(t, { admin: true });
    for (const viewer of [alice, bob, admin]) {
      const seen = await threadAs(viewer, threadId);
      expect(seen.posterId).toBe(opId);
      expect(idsOf(seen.posts)).toEqual(idsOf(thread.posts));
    }
  });

  it('is unrelated across threads, and absent from lists', async () => {
    const first = (await createThread(t, alice, { isAnonymous: true })).id;
    const second = (await createThread(t, alice, { isAnonymous: true })).id;
    expect((await threadAs(null, first)).posterId).not.toBe((await threadAs(null, second)).posterId);
    const named = (await createThread(t, alice, { isAnonymous: false })).id;
    expect((await threadAs(null, named)).posterId).toBeNull();

    const recent = (await t.client().get('/api/threads/simple-recent')).json() as Record<string, unknown>[];
    expect(recent.length).toBeGreaterThan(0);
    for (const thread of recent) expect(thread).not.toHaveProperty('posterId');
  });

  it('comes with a new reply, as the thread view will show it, and leaves with a deleted post', async () => {
    const threadId = (await createThread(t, alice, { isAnonymous: true })).id;
    const reply = (await bob.client.post('/api/posts', { threadId, content: 'An anonymous answer', isAnonymous: true })).json() as Post;
    const later = (await threadAs(null, threadId)).posts.find((post) => post.id === reply.id)!;
    expect(reply.posterId).toBe(later.posterId);
    expect(reply.posterId).toMatch(/^[A-Za-z0-9_-]{8}$/);

    const admin = await signUp(t, { admin: true });
    expect((await admin.client.delete(`/api/posts/${reply.id}`)).statusCode).toBe(204);
    expect((await threadAs(null, threadId)).posts.find((post) => post.id === reply.id)!.posterId).toBeNull();
  });
});
