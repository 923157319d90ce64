import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bannedIps, posts } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { createReply, createThread, signUp, type TestUser } from '../../test/factories.js';

const t = useTestApp();
let admin: TestUser;
let bystander: TestUser;

beforeAll(async () => {
  [admin, bystander] = await Promise.all([signUp(t, { admin: true, ip: '192.0.2.1' }), signUp(t, { ip: '192.0.2.2' })]);
});

/** The IP hash of a thread's author, as an admin reads it from the thread page. */
const authorHash = async (threadId: number): Promise<string> => (await admin.client.get(`/api/threads/${threadId}`)).json().ipHash;

const ban = (body: Record<string, unknown>) => admin.client.post('/api/moderation/ban-ip', body);

describe('the ban journey', () => {
  it('bans the poster found on a thread from every write, keeps reading open, and unban restores it', async () => {
    const ip = '203.0.113.7';
    const poster = await signUp(t, { ip });
    const thread = await createThread(t, poster);
    const ipHash = await authorHash(thread.id);
    expect(ipHash).toMatch(/^[0-9a-f]{64}$/);

    const created = await ban({ ipHash, reason: 'spam' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      ipHash,
      scope: 'ip',
      bannedAt: expect.any(String),
      reason: 'spam',
      expiresAt: null,
      bannedBy: { id: admin.id, username: admin.username },
    });

    const banned = { message: 'You are banned: spam', ban: { reason: 'spam', expiresAt: null, appealable: true } };
    const attempts = [
      await t.client({ ip }).post('/api/register', { username: 'freshname1', password: 'password1' }),
      await poster.client.login(poster.username),
      await poster.client.post('/api/threads', { boardId: thread.boardId, title: 'Banned title', content: 'Banned content' }),
      await poster.client.post('/api/posts', { threadId: thread.id, content: 'banned reply' }),
      await poster.client.post(`/api/threads/${thread.id}/vote`, { voteType: 1 }),
      await poster.client.post('/api/reports', { threadId: thread.id, reason: 'banned report' }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(banned);
    }
    expect((await poster.client.get(`/api/threads/${thread.id}`)).statusCode).toBe(200);
    expect((await t.client({ ip }).get('/api/threads/simple-recent')).statusCode).toBe(200);
    await createReply(bystander, thread.id);

    const list = (await admin.client.get('/api/moderation/banned-ips')).json();
    expect(list).toContainEqual(created.json());

    expect((await admin.client.delete(`/api/moderation/ban-ip/${ipHash.toUpperCase()}`)).statusCode).toBe(204);
    expect((await admin.client.delete(`/api/moderation/ban-ip/${ipHash}`)).statusCode).toBe(404);
    expect((await admin.client.get('/api/moderation/banned-ips')).json()).not.toContainEqual(expect.objectContaining({ ipHash }));
    await createReply(poster, thread.id);
    expect((await poster.client.login(poster.username)).statusCode).toBe(200);
  });

  it('says only "You are banned" when the ban has no reason', async () => {
    const ip = '203.0.113.8';
    const poster = await signUp(t, { ip });
    const thread = await createThread(t, poster);
    expect((await ban({ ipHash: await authorHash(thread.id) })).statusCode).toBe(201);
    const response = await poster.client.post('/api/posts', { threadId: thread.id, content: 'hello' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'You are banned', ban: { reason: null, expiresAt: null, appealable: true } });
  });

  it('lets a ban lapse on its own once its expiry has passed', async () => {
    const poster = await signUp(t, { ip: '203.0.113.9' });
    const thread = await createThread(t, poster);
    const ipHash = await authorHash(thread.id);
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const created = (await ban({ ipHash, reason: 'cool off', expiresAt })).json();
    expect(created.expiresAt).toBe(expiresAt);
    expect((await poster.client.post('/api/posts', { threadId: thread.id, content: 'hi' })).statusCode).toBe(403);

    await t.database.db.update(bannedIps).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(bannedIps.ipHash, ipHash));
    await createReply(poster, thread.id);
    expect((await admin.client.get('/api/moderation/banned-ips')).json()).not.toContainEqual(expect.objectContaining({ ipHash }));
    expect((await admin.client.delete(`/api/moderation/ban-ip/${ipHash}`)).statusCode).toBe(404);
  });

  it('updates an existing ban when the same hash is banned again', async () => {
    const ipHash = 'b'.repeat(64);
    const first = (await ban({ ipHash, reason: 'first' })).json();
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const second = await ban({ ipHash: ipHash.toUpperCase(), reason: 'second', expiresAt });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ id: first.id, ipHash, reason: 'second', expiresAt });
    expect((await t.database.db.select().from(bannedIps).where(eq(bannedIps.ipHash, ipHash))).length).toBe(1);
  });

  it.each([
    [{}, 'ipHash', 'IP Hash is required'],
    [{ ipHash: '   ' }, 'ipHash', 'IP Hash is required'],
    [{ ipHash: 'abc123' }, 'ipHash', 'Invalid IP hash'],
    [{ ipHash: 'g'.repeat(64) }, 'ipHash', 'Invalid IP hash'],
    [{ ipHash: 42 }, 'ipHash', 'Invalid IP hash'],
    [{ ipHash: 'c'.repeat(64), reason: 'r'.repeat(501) }, 'reason', 'Reason must be less than 500 characters'],
    [{ ipHash: 'c'.repeat(64), expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt', 'Expiry must be in the future'],
    [{ ipHash: 'c'.repeat(64), expiresAt: 'tomorrow' }, 'expiresAt', 'Expiry must be a date and time'],
  ])('refuses %j with 400 "%s: %s" and bans nothing', async (body, field, message) => {
    const before = await t.database.db.$count(bannedIps);
    const response = await ban(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: { [field]: message } });
    expect(await t.database.db.$count(bannedIps)).toBe(before);
  });
});

describe('the IP Finder', () => {
  it('lists the hashes of a thread and its replies, deleted ones included, with the bans in force', async () => {
    const [first, second] = await Promise.all([signUp(t, { ip: '198.51.100.1' }), signUp(t, { ip: '198.51.100.2' })]);
    const thread = await createThread(t, first);
    const a = await createReply(second, thread.id);
    const b = await createReply(first, thread.id);
    const c = await createReply(second, thread.id);
    const erased = await createReply(second, thread.id);
    await t.database.db.update(posts).set({ ipHash: null }).where(eq(posts.id, erased.id));
    expect((await admin.client.delete(`/api/posts/${c.id}`)).statusCode).toBe(204);
    const firstHash = await authorHash(thread.id);
    const secondHash = (await admin.client.get(`/api/threads/${thread.id}`)).json().posts[0].ipHash as string;
    await ban({ ipHash: secondHash });

    const response = await admin.client.get(`/api/moderation/threads/${thread.id}/ip-hashes`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      threadId: thread.id,
      hashes: [
        { ipHash: firstHash, threadAuthored: true, postIds: [b.id], isBanned: false },
        { ipHash: secondHash, threadAuthored: false, postIds: [a.id, c.id], isBanned: true },
      ],
    });
  });

  it('still answers for a deleted thread, so its author can be banned after removal', async () => {
    const thread = await createThread(t, bystander);
    expect((await admin.client.delete(`/api/threads/${thread.id}`)).statusCode).toBe(204);
    const found = (await admin.client.get(`/api/moderation/threads/${thread.id}/ip-hashes`)).json();
    expect(found.hashes).toEqual([{ ipHash: expect.stringMatching(/^[0-9a-f]{64}$/), threadAuthored: true, postIds: [], isBanned: false }]);
  });
});
