// Suspending the author of anonymous content without learning who it is (CONTRACT.md
// section 13): the journey, appeals, lifting, expiry, two instances, and what the rows,
// the logs and the answers never hold.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { authorSuspensions, banAppeals, moderationLog } from '../../db/schema.js';
import { testConfig, TestClient, useTestApp } from '../../test/app.js';
import { createReply, createThread, signUp, type TestUser } from '../../test/factories.js';

const t = useTestApp();
let admin: TestUser;
let bystander: TestUser;

beforeAll(async () => {
  [admin, bystander] = await Promise.all([signUp(t, { admin: true, ip: '192.0.2.1' }), signUp(t, { ip: '192.0.2.2' })]);
});

const suspend = (body: Record<string, unknown>) => admin.client.post('/api/moderation/suspend-author', body);
const lift = (id: number) => admin.client.delete(`/api/moderation/suspend-author/${id}`);

/** An author with an anonymous thread and an anonymous reply in someone else's thread, and a second client signed in as them. */
async function anonymousAuthor(ip: string) {
  const author = await signUp(t, { ip });
  const thread = await createThread(t, author, { isAnonymous: true });
  const other = await createThread(t, bystander, { isAnonymous: false, title: `Thread of ${ip}` });
  const reply = await createReply(author, other.id, { isAnonymous: true });
  const elsewhere = t.client({ ip: '198.51.100.200' });
  expect((await elsewhere.login(author.username)).statusCode).toBe(200);
  return { author, thread, other, reply, elsewhere };
}

/** Every write CONTRACT.md names, by this client, as this user. */
async function writes(client: TestClient, threadId: number, postId: number) {
  return {
    thread: await client.post('/api/threads', { boardId: (await client.get(`/api/threads/${threadId}`)).json().boardId, title: 'Another', content: 'More content', isAnonymous: true }),
    reply: await client.post('/api/posts', { threadId, content: 'a reply', isAnonymous: true }),
    vote: await client.post(`/api/posts/${postId}/vote`, { voteType: 1 }),
    report: await client.post('/api/reports', { threadId, reason: 'a report' }),
    tip: await client.post('/api/crypto/tips', { amount: '0.01', currency: 'ETH', txHash: `0x${'c'.repeat(64)}`, threadId }),
  };
}

describe('suspending the author of anonymous content', () => {
  it('refuses the author everywhere (signed in elsewhere, and at a fresh login) with the ban, and no one else', async () => {
    const { author, thread, other, reply, elsewhere } = await anonymousAuthor('203.0.113.40');
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const created = await suspend({ postId: reply.id, reason: 'harassment', expiresAt });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(Number) });

    const banned = { message: 'You are banned: harassment', ban: { reason: 'harassment', expiresAt, appealable: true } };
    for (const client of [author.client, elsewhere]) {
      for (const [what, response] of Object.entries(await writes(client, thread.id, reply.id))) {
        expect({ what, status: response.statusCode, body: response.json() }).toEqual({ what, status: 403, body: banned });
      }
      // Registering from a signed-in session is refused too.
      const registered = await client.post('/api/register', { username: `x${Date.now().toString(36)}`, password: 'password1' });
      expect(registered.json()).toEqual(banned);
    }
    // A fresh login: refused after the password opened the key, nothing written.
    const fresh = t.client({ ip: '198.51.100.201' });
    const login = await fresh.login(author.username);
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual(banned);
    expect(fresh.cookies.has('hb_session')).toBe(false);
    expect(fresh.cookies.get('hb_suspension')).toMatch(/^\d+\.[\w-]{32}$/);
    // Reading stays open; others, and others on the author's address, are not touched.
    expect((await author.client.get(`/api/threads/${other.id}`)).statusCode).toBe(200);
    expect((await author.client.get('/api/user')).statusCode).toBe(200);
    const neighbour = await signUp(t, { ip: '203.0.113.40' });
    await createReply(neighbour, other.id, { isAnonymous: true });
    await createReply(bystander, thread.id);
    expect((await bystander.client.post(`/api/posts/${reply.id}/vote`, { voteType: -1 })).statusCode).toBe(200);

    expect((await lift(created.json().id)).statusCode).toBe(204);
    await createReply(author, other.id, { isAnonymous: true });
    expect((await fresh.login(author.username)).statusCode).toBe(200);
    expect((await lift(created.json().id)).statusCode).toBe(404);
  });

  it('suspends by thread, shows the suspension on the ban page, and the appeal accepted lifts it', async () => {
    const { author, thread, elsewhere } = await anonymousAuthor('203.0.113.41');
    const { id } = (await suspend({ threadId: thread.id, reason: 'spam' })).json();
    expect((await author.client.post('/api/posts', { threadId: thread.id, content: 'x' })).statusCode).toBe(403);

    const signedOut = t.client({ ip: '198.51.100.202' });
    expect((await signedOut.get('/api/bans/mine')).json()).toBeNull();
    expect((await signedOut.login(author.username)).statusCode).toBe(403);
    const ban = { reason: 'spam', expiresAt: null, bannedAt: expect.any(String), appealable: true };
    for (const client of [author.client, signedOut]) expect((await client.get('/api/bans/mine')).json()).toEqual({ ban, appeal: null });

    // The signed-out author appeals with the cookie their refused sign-in got.
    const appeal = await signedOut.post('/api/bans/appeal', { message: 'That was not spam, it was a joke.' });
    expect(appeal.statusCode).toBe(201);
    expect((await elsewhere.post('/api/bans/appeal', { message: 'Let me try once more please.' })).statusCode).toBe(409);
    expect((await author.client.get('/api/bans/mine')).json()).toMatchObject({ ban: { appealable: false }, appeal: { status: 'pending' } });
    const after = (await author.client.post('/api/posts', { threadId: thread.id, content: 'x' })).json();
    expect(after.ban.appealable).toBe(false);
    // A forged cookie names nothing.
    const forged = t.client({ ip: '198.51.100.203' });
    forged.cookies.set('hb_suspension', `${id}.${'A'.repeat(32)}`);
    expect((await forged.get('/api/bans/mine')).json()).toBeNull();

    const [row] = await t.database.db.select().from(banAppeals).where(eq(banAppeals.suspensionId, id));
    expect(row).toMatchObject({ banId: null, ipHash: null, suspensionId: id });
    const queued = (await admin.client.get('/api/moderation/appeals')).json().find((entry: { id: number }) => entry.id === row!.id);
    expect(queued).toMatchObject({ ban: null, suspension: { id, threadId: thread.id, postId: null, reason: 'spam', expiresAt: null } });

    const decided = await admin.client.patch(`/api/moderation/appeals/${row!.id}`, { status: 'accepted' });
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'accepted', suspension: null });
    expect((await author.client.get('/api/bans/mine')).json()).toBeNull();
    await createReply(author, thread.id, { isAnonymous: true });
    expect((await signedOut.login(author.username)).statusCode).toBe(200);
  });

  it('a denied appeal keeps the suspension; it ends when it expires', async () => {
    const { author, thread } = await anonymousAuthor('203.0.113.42');
    const { id } = (await suspend({ threadId: thread.id, reason: 'trolling', expiresAt: new Date(Date.now() + 60_000).toISOString() })).json();
    expect((await author.client.post('/api/bans/appeal', { message: 'Please lift it, I will behave.' })).statusCode).toBe(201);
    const [row] = await t.database.db.select().from(banAppeals).where(eq(banAppeals.suspensionId, id));
    expect((await admin.client.patch(`/api/moderation/appeals/${row!.id}`, { status: 'denied', response: 'No.' })).statusCode).toBe(200);
    expect((await author.client.get('/api/bans/mine')).json()).toMatchObject({ appeal: { status: 'denied', response: 'No.' } });
    expect((await author.client.post('/api/posts', { threadId: thread.id, content: 'x' })).statusCode).toBe(403);

    // Its time passes (set in the database, as the clock would).
    await t.database.db.update(authorSuspensions).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(authorSuspensions.id, id));
    t.app.services.suspensionList.changed();
    await createReply(author, thread.id, { isAnonymous: true });
    expect((await author.client.get('/api/bans/mine')).json()).toBeNull();
    expect((await admin.client.get('/api/moderation/suspensions')).json().map((entry: { id: number }) => entry.id)).not.toContain(id);
    expect((await lift(id)).statusCode).toBe(404);
  });

  it('holds at once on another instance', async () => {
    const { author, thread } = await anonymousAuthor('203.0.113.43');
    const other = await buildApp({ config: testConfig(), database: t.database });
    try {
      await other.ready();
      const onB = new TestClient(other, '198.51.100.210');
      expect((await onB.login(author.username)).statusCode).toBe(200);
      expect((await onB.post('/api/posts', { threadId: thread.id, content: 'before' })).statusCode).toBe(201);
      const { id } = (await suspend({ threadId: thread.id, reason: 'made on A' })).json();
      const refused = await onB.post('/api/posts', { threadId: thread.id, content: 'after' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('You are banned: made on A');
      expect((await new TestClient(other, '198.51.100.211').login(author.username)).statusCode).toBe(403);
      expect((await lift(id)).statusCode).toBe(204);
      expect((await onB.post('/api/posts', { threadId: thread.id, content: 'lifted' })).statusCode).toBe(201);
    } finally {
      await other.close();
    }
  });

  it('answers bad input, unknown and signed content, and is for admins only', async () => {
    const { thread, reply, author } = await anonymousAuthor('203.0.113.44');
    const named = await createThread(t, bystander, { isAnonymous: false });
    const namedReply = await createReply(bystander, thread.id, { isAnonymous: false });
    const cases: [Record<string, unknown>, number, unknown][] = [
      [{ reason: 'x' }, 400, { message: 'Suspend the author of a thread or a post', errors: { threadId: 'Suspend the author of a thread or a post' } }],
      [{ threadId: thread.id, postId: reply.id, reason: 'x' }, 400, { message: 'Suspend the author of a thread or a post', errors: { threadId: 'Suspend the author of a thread or a post' } }],
      [{ threadId: thread.id }, 400, { message: 'Please give a reason', errors: { reason: 'Please give a reason' } }],
      [{ threadId: thread.id, reason: 'x'.repeat(501) }, 400, { message: 'Reason must be less than 500 characters', errors: { reason: 'Reason must be less than 500 characters' } }],
      [{ threadId: thread.id, reason: 'x', expiresAt: '2000-01-01T00:00:00Z' }, 400, { message: 'Expiry must be in the future', errors: { expiresAt: 'Expiry must be in the future' } }],
      [{ threadId: 99_999_999, reason: 'x' }, 404, { message: 'Thread not found' }],
      [{ postId: 99_999_999, reason: 'x' }, 404, { message: 'Post not found' }],
      [{ threadId: named.id, reason: 'x' }, 400, { message: 'This content is signed: suspend the account instead' }],
      [{ postId: namedReply.id, reason: 'x' }, 400, { message: 'This content is signed: suspend the account instead' }],
    ];
    for (const [body, status, answer] of cases) {
      const response = await suspend(body);
      expect({ body, status: response.statusCode, answer: response.json() }).toEqual({ body, status, answer });
    }
    // Deleted content is gone; anonymous content without a tag cannot be traced to anyone.
    const doomed = await createReply(author, thread.id, { isAnonymous: true });
    expect((await author.client.delete(`/api/posts/${doomed.id}`)).statusCode).toBe(204);
    expect((await suspend({ postId: doomed.id, reason: 'x' })).statusCode).toBe(404);
    const untagged = await createReply(author, thread.id, { isAnonymous: true });
    await t.database.db.execute(sql`update posts set author_tag = null where id = ${untagged.id}`);
    expect((await suspend({ postId: untagged.id, reason: 'x' })).json()).toEqual({ message: 'The author of this content can no longer be recognised' });

    const body = { threadId: thread.id, reason: 'x' };
    expect((await t.client().post('/api/moderation/suspend-author', body)).statusCode).toBe(401);
    expect((await bystander.client.post('/api/moderation/suspend-author', body)).statusCode).toBe(403);
    expect((await bystander.client.get('/api/moderation/suspensions')).statusCode).toBe(403);
    const { id } = (await suspend(body)).json();
    expect((await bystander.client.delete(`/api/moderation/suspend-author/${id}`)).statusCode).toBe(403);
    expect((await admin.client.delete('/api/moderation/suspend-author/abc')).statusCode).toBe(404);
    // Suspending the same author in the same thread again re-decides the one suspension.
    expect((await suspend({ postId: reply.id, reason: 'another' })).json().id).not.toBe(id);
    expect((await suspend({ threadId: thread.id, reason: 'again' })).json().id).toBe(id);
    expect((await author.client.post('/api/posts', { threadId: thread.id, content: 'x' })).json().message).toMatch(/^You are banned: /);
  });

  it('keeps no account beside a suspension: the rows, the admin list and log name content, the public log no tag', async () => {
    const { author, reply, other } = await anonymousAuthor('203.0.113.45');
    const { id } = (await suspend({ postId: reply.id, reason: 'privacy check' })).json();
    expect((await author.client.post('/api/bans/appeal', { message: 'A message that is long enough.' })).statusCode).toBe(201);

    const [suspension] = await t.database.db.select().from(authorSuspensions).where(eq(authorSuspensions.id, id));
    const [appeal] = await t.database.db.select().from(banAppeals).where(eq(banAppeals.suspensionId, id));
    expect(Object.keys(suspension!).sort()).toEqual(['authorTag', 'expiresAt', 'id', 'postId', 'reason', 'suspendedAt', 'suspendedById', 'threadId']);
    expect(suspension).toMatchObject({ threadId: other.id, postId: reply.id, suspendedById: admin.id });
    expect(appeal).toMatchObject({ ipHash: null, banId: null, decidedById: null });
    const accountValues = [String(author.id), author.username];
    const rowText = JSON.stringify([{ ...suspension, suspendedById: null, id: null, postId: null, threadId: null }, { ...appeal, id: null, suspensionId: null }]);
    for (const value of accountValues) expect(rowText).not.toContain(`"${value}"`);
    expect(rowText).not.toContain(`:${author.id},`);

    const adminText = [
      (await admin.client.get('/api/moderation/suspensions')).body,
      (await admin.client.get('/api/moderation/log')).body,
      (await admin.client.get('/api/moderation/appeals')).body,
    ].join('\n');
    expect(adminText).toContain('privacy check');
    expect(adminText).not.toContain(suspension!.authorTag);
    expect(adminText).not.toContain(author.username);

    const entries = await t.database.db.select().from(moderationLog).where(sql`${moderationLog.targetType} = 'author' and ${moderationLog.targetId} = ${String(id)}`);
    expect(entries.map((entry) => entry.action)).toEqual(['suspend_author']);
    expect(entries[0]!.details).toEqual({ threadId: other.id, postId: reply.id, title: other.title, reason: 'privacy check', expiresAt: null });
    expect((await lift(id)).statusCode).toBe(204);

    const publicLog = await t.client().get('/api/moderation/public-log');
    const mine = publicLog.json().filter((entry: { target: string }) => entry.target === `the author of a post in ${String(other.title)}`);
    expect(mine.slice(0, 2)).toEqual([
      { id: expect.any(Number), action: 'lift_suspension', target: `the author of a post in ${String(other.title)}`, reason: null, createdAt: expect.any(String) },
      { id: expect.any(Number), action: 'suspend_author', target: `the author of a post in ${String(other.title)}`, reason: 'privacy check', createdAt: expect.any(String) },
    ]);
    expect(publicLog.body).not.toContain(suspension!.authorTag);
    expect(publicLog.body).not.toContain(author.username);
    expect(publicLog.body).not.toMatch(/[0-9a-f]{32}/);
  });
});
