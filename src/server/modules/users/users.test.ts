import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { posts, threads } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { createReply, createThread, signUp, uniqueName, type TestUser } from '../../test/factories.js';

const t = useTestApp();
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let signedThread: number;
let anonymousThread: number;
let signedReply: number;
let anonymousReply: number;

beforeAll(async () => {
  [owner, other, admin] = await Promise.all([signUp(t), signUp(t), signUp(t, { admin: true })]);
  signedThread = (await createThread(t, owner, { isAnonymous: false, title: 'Signed thread' })).id;
  anonymousThread = (await createThread(t, owner, { isAnonymous: true, title: 'Anonymous thread' })).id;
  signedReply = (await createReply(owner, signedThread, { isAnonymous: false, content: 'signed reply' })).id;
  anonymousReply = (await createReply(owner, signedThread, { isAnonymous: true, content: 'anonymous reply' })).id;
});

const ids = (items: { id: number }[]) => items.map((item) => item.id);

describe('GET /api/users/{id}', () => {
  it('shows public fields to everyone and the e-mail only to the user and admins', async () => {
    await owner.client.patch(`/api/users/${owner.id}`, { bio: 'Hello, I post here.' });
    const mine = (await owner.client.get(`/api/users/${owner.id}`)).json();
    expect(mine).toMatchObject({ id: owner.id, username: owner.username, email: null, isActive: true, bio: 'Hello, I post here.' });
    expect('email' in (await admin.client.get(`/api/users/${owner.id}`)).json()).toBe(true);
    for (const client of [t.client(), other.client]) {
      const profile = (await client.get(`/api/users/${owner.id}`)).json();
      expect(profile).toMatchObject({ id: owner.id, username: owner.username, isAdmin: false, isPremium: false });
      expect('email' in profile).toBe(false);
      expect(JSON.stringify(profile)).not.toMatch(/password|ipHash/i);
    }
  });

  it('counts only signed content for others, everything for the owner', async () => {
    const publicView = (await other.client.get(`/api/users/${owner.id}`)).json();
    expect(publicView).toMatchObject({ threadCount: 1, postCount: 1 });
    expect((await owner.client.get(`/api/users/${owner.id}`)).json()).toMatchObject({ threadCount: 2, postCount: 2 });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['99999999', 'abc', '0']) expect((await t.client().get(`/api/users/${id}`)).statusCode).toBe(404);
  });
});

describe('profile lists', () => {
  it("never show another user's anonymous threads or posts; the owner sees them marked", async () => {
    for (const client of [t.client(), other.client, admin.client]) {
      expect(ids((await client.get(`/api/users/${owner.id}/threads`)).json())).toEqual([signedThread]);
      expect(ids((await client.get(`/api/users/${owner.id}/posts`)).json())).toEqual([signedReply]);
    }
    const ownThreads = (await owner.client.get(`/api/users/${owner.id}/threads`)).json();
    expect(ids(ownThreads)).toEqual([anonymousThread, signedThread]);
    expect(ownThreads[0]).toMatchObject({ isAnonymous: true, isOwn: true });
    const ownPosts = (await owner.client.get(`/api/users/${owner.id}/posts`)).json();
    expect(ids(ownPosts)).toEqual([anonymousReply, signedReply]);
    expect(ownPosts[0]).toMatchObject({ isAnonymous: true, isOwn: true, threadTitle: 'Signed thread' });
  });

  it('page 10 threads and 20 posts at a time', async () => {
    const busy = await signUp(t);
    const thread = await createThread(t, busy, { isAnonymous: false });
    for (let i = 0; i < 11; i++) await createThread(t, busy, { isAnonymous: false });
    for (let i = 0; i < 21; i++) await createReply(busy, thread.id, { isAnonymous: false });
    expect((await t.client().get(`/api/users/${busy.id}/threads`)).json()).toHaveLength(10);
    expect((await t.client().get(`/api/users/${busy.id}/threads?page=2`)).json()).toHaveLength(2);
    expect((await t.client().get(`/api/users/${busy.id}/posts`)).json()).toHaveLength(20);
    expect((await t.client().get(`/api/users/${busy.id}/posts?page=2`)).json()).toHaveLength(1);
    expect((await t.client().get(`/api/users/${busy.id}/posts?page=0`)).statusCode).toBe(400);
  });

  it('drop deleted threads and posts', async () => {
    const user = await signUp(t);
    const gone = await createThread(t, user, { isAnonymous: false });
    const kept = await createThread(t, user, { isAnonymous: false });
    const inGone = await createReply(user, gone.id, { isAnonymous: false });
    const deleted = await createReply(user, kept.id, { isAnonymous: false });
    await t.database.db.update(threads).set({ isDeleted: true }).where(eq(threads.id, gone.id));
    await t.database.db.update(posts).set({ isDeleted: true }).where(eq(posts.id, deleted.id));
    expect(ids((await user.client.get(`/api/users/${user.id}/threads`)).json())).toEqual([kept.id]);
    const listed = ids((await user.client.get(`/api/users/${user.id}/posts`)).json());
    expect(listed).not.toContain(inGone.id);
    expect(listed).not.toContain(deleted.id);
  });
});

describe('PATCH /api/users/{id}', () => {
  it('lets the owner change username and bio, with the spec messages', async () => {
    const user = await signUp(t);
    const renamed = uniqueName('New');
    const response = await user.client.patch(`/api/users/${user.id}`, { username: renamed });
    expect(response.statusCode).toBe(200);
    expect(response.json().username).toBe(renamed);
    for (const [username, message] of [
      ['ab', 'Username must be at least 3 characters'],
      ['a'.repeat(21), 'Username must be no more than 20 characters'],
      ['bad-name', 'Username can only contain letters, numbers, and underscores'],
    ]) {
      const refused = await user.client.patch(`/api/users/${user.id}`, { username });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.username).toBe(message);
    }
    expect((await user.client.patch(`/api/users/${user.id}`, { bio: 'x'.repeat(501) })).json().errors.bio).toBe('Bio must be less than 500 characters');
  });

  it('answers 409 for a taken name, 403 to another user, 401 to a visitor and 200 to an admin', async () => {
    const user = await signUp(t);
    const taken = await user.client.patch(`/api/users/${user.id}`, { username: other.username.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'Username is already taken' });
    expect((await other.client.patch(`/api/users/${user.id}`, { bio: 'hacked' })).statusCode).toBe(403);
    expect((await t.client().patch(`/api/users/${user.id}`, { bio: 'hacked' })).statusCode).toBe(401);
    const byAdmin = await admin.client.patch(`/api/users/${user.id}`, { bio: 'Moderated bio' });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().bio).toBe('Moderated bio');
  });
});

describe('activities', () => {
  it('are recorded for each named action, with anonymous writing found through the key and votes never, shown to their owner only, newest first', async () => {
    const user = await signUp(t);
    const thread = await createThread(t, user, { title: 'Timeline thread' });
    const reply = await createReply(user, thread.id);
    await user.client.post(`/api/threads/${signedThread}/vote`, { voteType: 1 });
    await user.client.post(`/api/users/${other.id}/follow`);
    await user.client.patch(`/api/users/${user.id}`, { bio: 'new bio' });
    const named = await createThread(t, user, { title: 'Signed thread', isAnonymous: false });
    const timeline = (await user.client.get(`/api/users/${user.id}/activities`)).json();
    // A vote leaves no entry (CONTRACT.md section 13: no row tells who voted); the
    // anonymous thread and reply are the owner's through their key, with no row of their own.
    expect(timeline.map((item: { description: string }) => item.description)).toEqual([
      'Created thread "Signed thread"',
      'Updated profile (bio)',
      `Followed ${other.username}`,
      'Replied anonymously in "Timeline thread"',
      'Created thread "Timeline thread" anonymously',
    ]);
    expect(timeline[0].linkUrl).toBe(`/thread/${named.id}`);
    expect(timeline[3].linkUrl).toBe(`/thread/${thread.id}#post-${reply.id}`);
    expect(timeline[4].linkUrl).toBe(`/thread/${thread.id}`);
    expect(new Set(timeline.map((item: { id: number }) => item.id)).size).toBe(5);
    expect(timeline[1]).toEqual({ id: expect.any(Number), createdAt: expect.any(String), description: 'Updated profile (bio)', linkUrl: null });
    expect((await t.client().get(`/api/users/${user.id}/activities`)).statusCode).toBe(401);
    expect((await other.client.get(`/api/users/${user.id}/activities`)).statusCode).toBe(403);
    expect((await admin.client.get(`/api/users/${user.id}/activities`)).statusCode).toBe(403);
  });
});
