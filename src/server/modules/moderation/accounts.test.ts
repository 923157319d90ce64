import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { boardId, createReply, createThread, signUp, type TestUser } from '../../test/factories.js';

const t = useTestApp();
let admin: TestUser;
let author: TestUser;

beforeAll(async () => {
  [admin, author] = await Promise.all([signUp(t, { admin: true }), signUp(t)]);
});

const setActive = (userId: number, isActive: boolean) => admin.client.patch(`/api/moderation/users/${userId}`, { isActive });

describe('suspension', () => {
  it('signs a suspended user out everywhere at once, refuses their login and posts, and reactivation restores them', async () => {
    const victim = await signUp(t);
    const otherDevice = t.client();
    expect((await otherDevice.login(victim.username)).statusCode).toBe(200);
    await createThread(t, victim);

    const suspended = await setActive(victim.id, false);
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({ id: victim.id, username: victim.username, isActive: false, email: null });
    expect(suspended.json()).not.toHaveProperty('passwordHash');
    expect(await t.database.db.$count(sessions, eq(sessions.userId, victim.id))).toBe(0);
    for (const client of [victim.client, otherDevice]) expect((await client.get('/api/user')).statusCode).toBe(401);
    const login = await victim.client.login(victim.username);
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ message: 'This account has been suspended' });
    expect((await victim.client.post('/api/threads', { boardId: await boardId(t), title: 'Still here', content: 'Trying to post' })).statusCode).toBe(401);

    const reactivated = await setActive(victim.id, true);
    expect(reactivated.json()).toMatchObject({ id: victim.id, isActive: true });
    expect((await victim.client.login(victim.username)).statusCode).toBe(200);
    await createThread(t, victim);
  });

  it('refuses to let an admin suspend themselves', async () => {
    const response = await setActive(admin.id, false);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'You cannot suspend your own account' });
    expect((await admin.client.get('/api/user')).json()).toMatchObject({ isActive: true });
  });
});

describe('GET /api/moderation/log', () => {
  it('lists every kind of action, newest first, with the admin, the target and the time', async () => {
    const started = Date.now();
    const member = await signUp(t);
    const thread = await createThread(t, author, { title: 'Logged thread' });
    const reply = await createReply(author, thread.id);
    const hash = 'd'.repeat(64);
    const report = async (body: Record<string, unknown>) => (await member.client.post('/api/reports', { ...body, reason: 'off topic' })).json().id as number;
    const first = await report({ threadId: thread.id });
    const second = await report({ postId: reply.id });

    const steps: [() => Promise<unknown>, string, string, string | number, Record<string, unknown>][] = [
      [() => admin.client.patch(`/api/threads/${thread.id}/sticky`, { isSticky: true }), 'sticky', 'thread', thread.id, { title: 'Logged thread' }],
      [() => admin.client.patch(`/api/threads/${thread.id}/sticky`, { isSticky: false }), 'unsticky', 'thread', thread.id, {}],
      [() => admin.client.patch(`/api/threads/${thread.id}/lock`, { isLocked: true }), 'lock', 'thread', thread.id, {}],
      [() => admin.client.patch(`/api/threads/${thread.id}/lock`, { isLocked: false }), 'unlock', 'thread', thread.id, {}],
      [() => admin.client.patch(`/api/moderation/reports/${first}`, { status: 'resolved' }), 'report_resolved', 'report', first, { threadId: thread.id }],
      [() => admin.client.patch(`/api/moderation/reports/${second}`, { status: 'dismissed' }), 'report_dismissed', 'report', second, { postId: reply.id }],
      [() => admin.client.delete(`/api/posts/${reply.id}`), 'delete_post', 'post', reply.id, { threadId: thread.id }],
      [() => admin.client.delete(`/api/threads/${thread.id}`), 'delete_thread', 'thread', thread.id, { title: 'Logged thread' }],
      [() => admin.client.post('/api/moderation/ban-ip', { ipHash: hash, reason: 'spam' }), 'ban', 'ip', hash, { reason: 'spam', expiresAt: null }],
      [() => admin.client.delete(`/api/moderation/ban-ip/${hash}`), 'unban', 'ip', hash, {}],
      [() => setActive(member.id, false), 'suspend', 'user', member.id, { username: member.username }],
      [() => setActive(member.id, true), 'reactivate', 'user', member.id, { username: member.username }],
    ];
    for (const [act] of steps) await act();

    const log = await admin.client.get('/api/moderation/log');
    expect(log.statusCode).toBe(200);
    const entries = (log.json() as { id: number; createdAt: string }[]).slice(0, steps.length).reverse();
    entries.forEach((entry, i) => {
      const [, action, targetType, targetId, details] = steps[i]!;
      expect(entry).toMatchObject({ action, targetType, targetId: String(targetId), details, admin: { id: admin.id, username: admin.username } });
      expect(new Date(entry.createdAt).getTime()).toBeGreaterThanOrEqual(started - 1000);
    });

    const newest = entries.at(-1)!;
    const older = (await admin.client.get(`/api/moderation/log?before=${newest.id}`)).json();
    expect(older[0]).toMatchObject({ action: 'suspend', targetId: String(member.id) });
  });
});
