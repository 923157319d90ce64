import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { createReply, createThread, signUp, type TestUser } from '../../test/factories.js';

const t = useTestApp();
let admin: TestUser;
let bystander: TestUser;

beforeAll(async () => {
  [admin, bystander] = await Promise.all([signUp(t, { admin: true, ip: '192.0.2.1' }), signUp(t, { ip: '192.0.2.2' })]);
});

/** A poster on their own address, banned by an admin who found their hash on their thread. */
async function bannedPoster(ip: string, ban: Record<string, unknown> = {}) {
  const poster = await signUp(t, { ip });
  const thread = await createThread(t, poster);
  const ipHash = (await admin.client.get(`/api/threads/${thread.id}`)).json().ipHash as string;
  expect((await admin.client.post('/api/moderation/ban-ip', { ipHash, ...ban })).statusCode).toBe(201);
  return { poster, thread, ipHash };
}

const queue = async () => (await admin.client.get('/api/moderation/appeals')).json() as { id: number; status: string; ban: { ipHash: string } | null }[];

describe('appeals', () => {
  it('shows the banned visitor their ban, takes one appeal, and an admin denial with its response', async () => {
    const ip = '203.0.113.21';
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const { poster, thread, ipHash } = await bannedPoster(ip, { reason: 'flooding', expiresAt });
    // Signed out: a banned visitor cannot log in, and still sees and appeals their ban.
    const visitor = t.client({ ip });

    const mine = await visitor.get('/api/bans/mine');
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.json()).toEqual({ ban: { reason: 'flooding', expiresAt, bannedAt: expect.any(String), appealable: true }, appeal: null });
    expect((await t.client({ ip: '203.0.113.99' }).get('/api/bans/mine')).json()).toBeNull();

    for (const [message, error] of [
      [undefined, 'Please explain in at least 10 characters'],
      ['too short', 'Please explain in at least 10 characters'],
      ['x'.repeat(1001), 'Appeal must be at most 1000 characters'],
    ] as const) {
      const refused = await visitor.post('/api/bans/appeal', { message });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: error, errors: { message: error } });
    }
    const notBanned = await t.client({ ip: '203.0.113.99' }).post('/api/bans/appeal', { message: 'I was never banned at all.' });
    expect(notBanned.statusCode).toBe(404);
    expect(notBanned.json()).toEqual({ message: 'You are not banned' });

    const appeal = await visitor.post('/api/bans/appeal', { message: '  It was my little brother, sorry.  ' });
    expect(appeal.statusCode).toBe(201);
    expect(appeal.json()).toEqual({ status: 'pending', message: 'It was my little brother, sorry.', response: null, createdAt: expect.any(String), decidedAt: null });
    const again = await poster.client.post('/api/bans/appeal', { message: 'Please, a second try at this.' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'You have already appealed this ban' });

    const refusal = await poster.client.post('/api/posts', { threadId: thread.id, content: 'still banned' });
    expect(refusal.statusCode).toBe(403);
    expect(refusal.json()).toEqual({ message: 'You are banned: flooding', ban: { reason: 'flooding', expiresAt, appealable: false } });

    const [pending] = (await queue()).filter((entry) => entry.ban?.ipHash === ipHash);
    expect(pending).toMatchObject({ status: 'pending', message: 'It was my little brother, sorry.', decidedBy: null, ban: { ipHash, scope: 'ip', reason: 'flooding' } });
    expect((await bystander.client.get('/api/moderation/appeals')).statusCode).toBe(403);
    expect((await t.client().get('/api/moderation/appeals')).statusCode).toBe(401);
    expect((await bystander.client.patch(`/api/moderation/appeals/${pending!.id}`, { status: 'accepted' })).statusCode).toBe(403);

    const noReason = await admin.client.patch(`/api/moderation/appeals/${pending!.id}`, { status: 'denied' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ response: 'Tell the visitor why the appeal is denied' });
    expect((await admin.client.patch(`/api/moderation/appeals/${pending!.id}`, { status: 'maybe' })).statusCode).toBe(400);
    expect((await admin.client.patch('/api/moderation/appeals/999999', { status: 'accepted' })).statusCode).toBe(404);

    const denied = await admin.client.patch(`/api/moderation/appeals/${pending!.id}`, { status: 'denied', response: 'The logs say otherwise.' });
    expect(denied.statusCode).toBe(200);
    expect(denied.json()).toMatchObject({ status: 'denied', response: 'The logs say otherwise.', decidedBy: { id: admin.id, username: admin.username }, ban: { ipHash } });
    expect((await admin.client.patch(`/api/moderation/appeals/${pending!.id}`, { status: 'accepted' })).statusCode).toBe(409);

    expect((await visitor.get('/api/bans/mine')).json()).toEqual({
      ban: { reason: 'flooding', expiresAt, bannedAt: expect.any(String), appealable: false },
      appeal: { status: 'denied', message: 'It was my little brother, sorry.', response: 'The logs say otherwise.', createdAt: expect.any(String), decidedAt: expect.any(String) },
    });
    expect((await poster.client.post('/api/posts', { threadId: thread.id, content: 'still banned' })).statusCode).toBe(403);

    // Banned again (re-decided): a new decision can be appealed again.
    await admin.client.post('/api/moderation/ban-ip', { ipHash, reason: 'flooding, again' });
    expect((await visitor.get('/api/bans/mine')).json()).toMatchObject({ ban: { reason: 'flooding, again', appealable: true }, appeal: null });
    expect((await visitor.post('/api/bans/appeal', { message: 'This time it really was not me.' })).statusCode).toBe(201);

    const log = (await admin.client.get('/api/moderation/log')).json() as { action: string; targetType: string; targetId: string; details: Record<string, unknown> }[];
    expect(log).toContainEqual(expect.objectContaining({ action: 'appeal_denied', targetType: 'appeal', targetId: String(pending!.id), details: expect.objectContaining({ ipHash, response: 'The logs say otherwise.' }) }));
  });

  it('an accepted appeal lifts the ban and the visitor writes again', async () => {
    const ip = '203.0.113.22';
    const { poster, thread, ipHash } = await bannedPoster(ip, { reason: 'mistake' });
    expect((await poster.client.post('/api/bans/appeal', { message: 'I only posted a recipe, honestly.' })).statusCode).toBe(201);
    const [pending] = (await queue()).filter((entry) => entry.ban?.ipHash === ipHash);
    expect((await queue())[0]!.status).toBe('pending');

    const accepted = await admin.client.patch(`/api/moderation/appeals/${pending!.id}`, { status: 'accepted', response: 'Sorry about that.' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', response: 'Sorry about that.', ban: null });

    expect((await poster.client.get('/api/bans/mine')).json()).toBeNull();
    await createReply(poster, thread.id);
    expect((await admin.client.get('/api/moderation/banned-ips')).json()).not.toContainEqual(expect.objectContaining({ ipHash }));
    expect((await poster.client.post('/api/bans/appeal', { message: 'Nothing left to appeal here.' })).statusCode).toBe(404);

    const log = (await admin.client.get('/api/moderation/log')).json() as { action: string; targetId: string }[];
    expect(log).toContainEqual(expect.objectContaining({ action: 'appeal_accepted', targetId: String(pending!.id) }));
    // Decided appeals follow the pending ones in the queue.
    const statuses = (await queue()).map((entry) => entry.status);
    expect(statuses.indexOf('pending') === -1 || statuses.lastIndexOf('pending') < statuses.findIndex((status) => status !== 'pending')).toBe(true);
  });

  it("the 403's appealable is about this ban's appeal, whatever the ids (the ban's id named in full)", async () => {
    const first = await bannedPoster('203.0.113.31', { reason: 'first' });
    const second = await bannedPoster('203.0.113.32', { reason: 'second' });
    // The first ban is appealed: its appeal's id is not the ban's (the ids run apart by now).
    expect((await t.client({ ip: '203.0.113.31' }).post('/api/bans/appeal', { message: 'Please look at this again.' })).statusCode).toBe(201);
    const refused = async (poster: TestUser, threadId: number) => (await poster.client.post('/api/posts', { threadId, content: 'x' })).json().ban.appealable;
    expect(await refused(first.poster, first.thread.id)).toBe(false);
    expect(await refused(second.poster, second.thread.id)).toBe(true);
  });
});
