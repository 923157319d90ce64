import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Post, ThreadDetail } from '../../../shared/api.js';
import { escrowAuthorKeys } from '../../db/escrow-author-keys.js';
import { posts, sessions, threads, users } from '../../db/schema.js';
import { openForSession, unescrow, unwrapWithPassword } from '../../lib/author-key.js';
import { SESSION_ENDED } from '../../lib/messages.js';
import { SESSION_COOKIE } from '../../plugins/session.js';
import { useTestApp } from '../../test/app.js';
import { createReply, createThread, signUp, type TestUser } from '../../test/factories.js';

// CONTRACT.md section 13 (first step): each account's author key, wrapped only under
// what its owner holds; anonymous rows tagged by it; poster IDs and isOwn from tags.
const t = useTestApp();

let alice: TestUser;
let bob: TestUser;
let admin: TestUser;

const threadAs = async (viewer: TestUser | null, id: number) =>
  (await (viewer ? viewer.client : t.client()).get(`/api/threads/${id}`)).json() as ThreadDetail;
const sessionIdOf = (token: string) => createHash('sha256').update(token).digest('hex');

beforeAll(async () => {
  alice = await signUp(t);
  bob = await signUp(t);
  admin = await signUp(t, { admin: true });
});

describe('the author key', () => {
  it('is kept wrapped under the password, and the session row alone cannot open it', async () => {
    const [row] = await t.database.db.select().from(users).where(eq(users.id, alice.id));
    expect(row!.authorKeyWrapped).toMatch(/^v1\./);
    expect(row!.authorKeyEscrow).toBeNull();
    const key = await unwrapWithPassword(row!.authorKeyWrapped!, 'password1');
    expect(key).not.toBeNull();

    const token = alice.client.cookies.get(SESSION_COOKIE)!;
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.id, sessionIdOf(token)));
    expect(session!.authorKeySealed).toMatch(/^v1\./);
    // Everything the database holds about the session, tried as the token: nothing opens it.
    for (const guess of [session!.id, String(session!.userId), row!.passwordHash, t.app.config.secret]) {
      expect(openForSession(session!.authorKeySealed!, guess)).toBeNull();
    }
    expect(openForSession(session!.authorKeySealed!, token)?.equals(key!)).toBe(true);
  });

  it('tags anonymous threads and replies per thread, and never named ones', async () => {
    const threadId = (await createThread(t, alice, { isAnonymous: true })).id;
    const anonymous = await createReply(alice, threadId, { isAnonymous: true });
    const named = await createReply(alice, threadId, { isAnonymous: false });
    const [thread] = await t.database.db.select({ authorTag: threads.authorTag }).from(threads).where(eq(threads.id, threadId));
    const rows = await t.database.db.select({ id: posts.id, authorTag: posts.authorTag }).from(posts).where(eq(posts.threadId, threadId));
    expect(thread!.authorTag).toMatch(/^[0-9a-f]{32}$/);
    expect(rows.find((row) => row.id === anonymous.id)!.authorTag).toBe(thread!.authorTag);
    expect(rows.find((row) => row.id === named.id)!.authorTag).toBeNull();

    const other = (await createThread(t, alice, { isAnonymous: true })).id;
    const [otherRow] = await t.database.db.select({ authorTag: threads.authorTag }).from(threads).where(eq(threads.id, other));
    expect(otherRow!.authorTag).not.toBe(thread!.authorTag);
  });

  it('tells the author, signed in anywhere, that their anonymous writing is theirs, and nobody else; admins see no name', async () => {
    const threadId = (await createThread(t, alice, { isAnonymous: true })).id;
    const reply = await createReply(alice, threadId, { isAnonymous: true });
    await createReply(bob, threadId, { isAnonymous: true });

    const elsewhere = t.client();
    expect((await elsewhere.login(alice.username)).statusCode).toBe(200);
    for (const client of [alice.client, elsewhere]) {
      const seen = (await client.get(`/api/threads/${threadId}`)).json() as ThreadDetail;
      expect(seen.isOwn).toBe(true);
      expect(seen.posts.map((post) => post.isOwn)).toEqual([true, false]);
    }
    for (const viewer of [bob, admin]) {
      const seen = await threadAs(viewer, threadId);
      expect(seen.isOwn).toBe(false);
      expect(seen.posts.find((post) => post.id === reply.id)!.isOwn).toBe(false);
      // CONTRACT.md section 4: no name on anonymous writing, admins included.
      expect([seen.userId, seen.username]).toEqual([null, null]);
      for (const post of seen.posts) expect([post.userId, post.username]).toEqual([null, null]);
    }
    // The admin still sees the IP hash to moderate by.
    expect((await threadAs(admin, threadId)).ipHash).toMatch(/^[0-9a-f]+$/);
  });

  it("keeps poster IDs when the author is renamed or deletes the account", async () => {
    const carol = await signUp(t);
    const threadId = (await createThread(t, carol, { isAnonymous: true })).id;
    await createReply(carol, threadId, { isAnonymous: true });
    const before = await threadAs(null, threadId);
    expect(before.posterId).toMatch(/^[A-Za-z0-9_-]{8}$/);

    expect((await carol.client.patch(`/api/users/${carol.id}`, { username: `${carol.username.slice(0, 17)}new` })).statusCode).toBe(200);
    expect((await threadAs(null, threadId)).posterId).toBe(before.posterId);

    const deleted = await carol.client.request('DELETE', '/api/user', { body: { password: 'password1' } });
    expect(deleted.statusCode).toBe(204);
    const after = await threadAs(null, threadId);
    expect(after.posterId).toBe(before.posterId);
    expect(after.posts.map((post: Post) => post.posterId)).toEqual(before.posts.map((post: Post) => post.posterId));
  });

  it('ends a session whose key no longer opens, with a clear message, and the visitor reads on', async () => {
    const dave = await signUp(t);
    const token = dave.client.cookies.get(SESSION_COOKIE)!;
    await t.database.db.update(sessions).set({ authorKeySealed: 'v1.AAAA.BBBB' }).where(eq(sessions.id, sessionIdOf(token)));
    const response = await dave.client.get('/api/user');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: SESSION_ENDED });
    expect(dave.client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.id, sessionIdOf(token)))).toEqual([]);
    expect((await dave.client.get('/api/boards')).statusCode).toBe(200);
  });
});

describe('accounts from before sealed authorship', () => {
  it('get a key in escrow and tags on their anonymous writing, keep ownership, and lose the escrow at their next sign-in', async () => {
    const erin = await signUp(t);
    const threadId = (await createThread(t, erin, { isAnonymous: true })).id;
    const reply = await createReply(erin, threadId, { isAnonymous: true });
    const named = await createReply(erin, threadId, { isAnonymous: false });
    const { db } = t.database;
    const token = erin.client.cookies.get(SESSION_COOKIE)!;
    // As the account and its session were before migration 0012.
    await db.update(users).set({ authorKeyWrapped: null, authorKeyEscrow: null }).where(eq(users.id, erin.id));
    await db.update(threads).set({ authorTag: null, userId: erin.id }).where(eq(threads.id, threadId));
    await db.update(posts).set({ authorTag: null, userId: erin.id }).where(eq(posts.threadId, threadId));
    await db.update(sessions).set({ authorKeySealed: null }).where(eq(sessions.id, sessionIdOf(token)));

    const secret = t.app.config.secret;
    const done = await escrowAuthorKeys(db, secret);
    expect(done.accounts).toBeGreaterThanOrEqual(1);
    expect(done.rows).toBeGreaterThanOrEqual(2);
    // Run again (every start does): nothing left to do.
    expect(await escrowAuthorKeys(db, secret)).toEqual({ accounts: 0, rows: 0, votes: 0 });

    const [escrowed] = await db.select().from(users).where(eq(users.id, erin.id));
    expect(escrowed!.authorKeyWrapped).toBeNull();
    expect(unescrow(escrowed!.authorKeyEscrow!, secret)).not.toBeNull();
    const postTags = await db.select({ id: posts.id, authorTag: posts.authorTag }).from(posts).where(eq(posts.threadId, threadId));
    expect(postTags.find((row) => row.id === reply.id)!.authorTag).toMatch(/^[0-9a-f]{32}$/);
    expect(postTags.find((row) => row.id === named.id)!.authorTag).toBeNull();

    // The old session opens the key from escrow: still the author.
    const seen = (await erin.client.get(`/api/threads/${threadId}`)).json() as ThreadDetail;
    expect(seen.isOwn).toBe(true);
    expect(seen.posts.find((post) => post.id === reply.id)!.isOwn).toBe(true);
    const posterId = seen.posterId;

    // Signing in wraps the key under the password and deletes the escrow.
    const laptop = t.client();
    expect((await laptop.login(erin.username)).statusCode).toBe(200);
    const [signedIn] = await db.select().from(users).where(eq(users.id, erin.id));
    expect(signedIn!.authorKeyEscrow).toBeNull();
    expect(await unwrapWithPassword(signedIn!.authorKeyWrapped!, 'password1')).not.toBeNull();
    const onLaptop = (await laptop.get(`/api/threads/${threadId}`)).json() as ThreadDetail;
    expect(onLaptop.isOwn).toBe(true);
    expect(onLaptop.posterId).toBe(posterId);
    // A new anonymous reply joins the same poster ID: the same key.
    const later = (await laptop.post('/api/posts', { threadId, content: 'Still me', isAnonymous: true })).json() as Post;
    expect(later.posterId).toBe(posterId);

    // The old session held no key of its own, and the escrow is gone: it ends, and says so.
    const ended = await erin.client.get('/api/user');
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ message: SESSION_ENDED });
  });
});
