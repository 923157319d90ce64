import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { createReply, createThread, signUp, type TestUser } from '../../test/factories.js';

const t = useTestApp();
let admin: TestUser;
let author: TestUser;

beforeAll(async () => {
  [admin, author] = await Promise.all([signUp(t, { admin: true, prefix: 'modname', ip: '192.0.2.1' }), signUp(t, { ip: '203.0.113.40' })]);
});

interface Entry {
  id: number;
  action: string;
  target: string;
  reason: string | null;
  createdAt: string;
}

describe('the public moderation log', () => {
  it('says what was done, to what, why and when, and never who or from where', async () => {
    const locked = await createThread(t, author, { title: 'A heated debate' });
    const removed = await createThread(t, author, { title: 'Jane Doe lives at 12 Example Street' });
    const reply = await createReply(author, locked.id);
    const ipHash = (await admin.client.get(`/api/threads/${locked.id}`)).json().ipHash as string;
    const bystander = await signUp(t, { ip: '198.51.100.41' });

    expect((await admin.client.patch(`/api/threads/${locked.id}/lock`, { isLocked: true })).statusCode).toBe(200);
    expect((await admin.client.delete(`/api/posts/${reply.id}`)).statusCode).toBe(204);
    expect((await admin.client.delete(`/api/threads/${removed.id}`)).statusCode).toBe(204);
    expect((await admin.client.post('/api/moderation/ban-ip', { ipHash, scope: 'subnet', reason: 'doxxing' })).statusCode).toBe(201);
    expect((await author.client.post('/api/bans/appeal', { message: 'Please reconsider this ban.' })).statusCode).toBe(201);
    const [appeal] = (await admin.client.get('/api/moderation/appeals')).json() as { id: number }[];
    expect((await admin.client.patch(`/api/moderation/appeals/${appeal!.id}`, { status: 'denied', response: 'Secret reply for the visitor' })).statusCode).toBe(200);
    expect((await admin.client.patch(`/api/moderation/users/${bystander.id}`, { isActive: false })).statusCode).toBe(200);
    const report = await signUp(t, { ip: '198.51.100.42' });
    const reported = await report.client.post('/api/reports', { threadId: locked.id, reason: 'private report reason' });
    expect((await admin.client.patch(`/api/moderation/reports/${reported.json().id}`, { status: 'dismissed' })).statusCode).toBe(200);

    const response = await t.client().get('/api/moderation/public-log');
    expect(response.statusCode).toBe(200);
    const entries = response.json() as Entry[];
    expect(entries.map(({ action, target, reason }) => ({ action, target, reason }))).toEqual([
      { action: 'suspend', target: 'an account', reason: null },
      { action: 'appeal_denied', target: 'an appeal against a ban', reason: null },
      { action: 'ban', target: 'a subnet of addresses', reason: 'doxxing' },
      { action: 'delete_thread', target: 'a removed thread in /g/', reason: null },
      { action: 'delete_post', target: 'a post in A heated debate', reason: null },
      { action: 'lock', target: 'A heated debate', reason: null },
    ]);
    for (const entry of entries) expect(Object.keys(entry).sort()).toEqual(['action', 'createdAt', 'id', 'reason', 'target']);

    const text = response.body;
    for (const hidden of [admin.username, 'modname', ipHash, 'Jane Doe', 'Secret reply', 'private report', bystander.username, '203.0.113']) {
      expect(text).not.toContain(hidden);
    }
    expect(text).not.toMatch(/[0-9a-f]{64}/);

    // Paged by id, newest first.
    const older = (await t.client().get(`/api/moderation/public-log?before=${entries[2]!.id}`)).json() as Entry[];
    expect(older.map((entry) => entry.action)).toEqual(['delete_thread', 'delete_post', 'lock']);
    expect((await t.client().get('/api/moderation/public-log?before=abc')).statusCode).toBe(400);
  });
});
