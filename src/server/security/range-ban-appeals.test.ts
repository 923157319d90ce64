// One appeal per person per ban (issue 28, finding 7): under a subnet or wide ban, the
// first person in the range to appeal used up the appeal for everyone else in it. Each
// address behind a range ban has an appeal of its own (a second from the same address,
// however spelled, is still a 409), reads only its own, and an admin sees them all;
// accepting one lifts the ban for everyone, so the others are closed with it.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestClient, useTestApp } from '../test/app.js';
import { createThread, signUp, uniqueName, type TestUser } from '../test/factories.js';

const t = useTestApp({ config: { trustProxy: true } });

/** A browser behind the proxy: every request arrives with its address forwarded. */
class ForwardedClient extends TestClient {
  constructor(
    app: FastifyInstance,
    readonly address: string,
  ) {
    super(app);
  }
  override request(...[method, url, options = {}]: Parameters<TestClient['request']>) {
    return super.request(method, url, { ...options, headers: { 'x-forwarded-for': this.address, ...options.headers } });
  }
}

interface QueueEntry {
  id: number;
  status: string;
  message: string;
  response: string | null;
  decidedBy: { id: number } | null;
  ban: { id: number; ipHash: string; scope: string } | null;
}
interface LogEntry {
  action: string;
  targetId: string;
  details: Record<string, unknown>;
}

let admin: TestUser;
let otherAdmin: TestUser;
beforeAll(async () => {
  [admin, otherAdmin] = await Promise.all([signUp(t, { admin: true, ip: '192.0.2.1' }), signUp(t, { admin: true, ip: '192.0.2.3' })]);
});

/** Bans the range around a poster at `address`; answers the banned ipHash. */
async function rangeBan(address: string, scope: 'subnet' | 'wide', reason: string): Promise<string> {
  const client = new ForwardedClient(t.app, address);
  const username = uniqueName('a');
  const { id } = await client.register(username);
  const thread = await createThread(t, { id, username, client });
  const ipHash = (await admin.client.get(`/api/threads/${thread.id}`)).json().ipHash as string;
  expect((await admin.client.post('/api/moderation/ban-ip', { ipHash, scope, reason })).statusCode).toBe(201);
  return ipHash;
}

const queueOf = async (ipHash: string) =>
  ((await admin.client.get('/api/moderation/appeals')).json() as QueueEntry[]).filter((entry) => entry.ban?.ipHash === ipHash);
const register = (client: TestClient) => client.post('/api/register', { username: uniqueName('a'), password: 'password1' });

describe('appeals against a range ban', () => {
  it('each person in the range appeals for themselves, reads only their own, and an admin sees both', async () => {
    const ipHash = await rangeBan('198.51.100.10', 'subnet', 'shared network');
    const alice = new ForwardedClient(t.app, '198.51.100.21');
    const bob = new ForwardedClient(t.app, '198.51.100.22');

    const first = await alice.post('/api/bans/appeal', { message: 'Alice here, I never posted spam.' });
    expect(first.statusCode).toBe(201);
    // Alice's appeal does not use up Bob's: his 403 and his ban page still offer one.
    const refused = await register(bob);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You are banned: shared network', ban: { reason: 'shared network', expiresAt: null, appealable: true } });
    expect((await bob.get('/api/bans/mine')).json()).toMatchObject({ ban: { appealable: true }, appeal: null });
    expect((await bob.post('/api/bans/appeal', { message: 'Bob here, same café as the spammer.' })).statusCode).toBe(201);

    // A second appeal from the same person, however the address is spelled, is a 409.
    for (const again of [alice, new ForwardedClient(t.app, '::ffff:198.51.100.21'), new ForwardedClient(t.app, '::FFFF:C633:6415')]) {
      const second = await again.post('/api/bans/appeal', { message: 'Alice again, please read my appeal.' });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ message: 'You have already appealed this ban' });
    }
    expect((await register(alice)).json().ban).toMatchObject({ appealable: false });

    // Each reads only their own appeal.
    const aliceSees = await alice.get('/api/bans/mine');
    expect(aliceSees.json()).toMatchObject({ ban: { appealable: false }, appeal: { status: 'pending', message: 'Alice here, I never posted spam.' } });
    expect(aliceSees.body).not.toContain('Bob');
    const bobSees = await bob.get('/api/bans/mine');
    expect(bobSees.json()).toMatchObject({ ban: { appealable: false }, appeal: { status: 'pending', message: 'Bob here, same café as the spammer.' } });
    expect(bobSees.body).not.toContain('Alice');
    // A third person in the range has seen none of it and may still appeal.
    const carol = new ForwardedClient(t.app, '198.51.100.23');
    const carolSees = await carol.get('/api/bans/mine');
    expect(carolSees.json()).toMatchObject({ ban: { appealable: true }, appeal: null });
    expect(carolSees.body).not.toMatch(/Alice|Bob/);

    // The admin sees both, on the one ban.
    const queue = await queueOf(ipHash);
    expect(queue.map((entry) => entry.message).sort()).toEqual(['Alice here, I never posted spam.', 'Bob here, same café as the spammer.']);
    expect(new Set(queue.map((entry) => entry.ban!.id)).size).toBe(1);
    expect(queue.every((entry) => entry.status === 'pending' && entry.ban!.scope === 'subnet')).toBe(true);

    // A denial answers that person alone.
    const aliceAppeal = queue.find((entry) => entry.message.startsWith('Alice'))!;
    const bobAppeal = queue.find((entry) => entry.message.startsWith('Bob'))!;
    expect((await admin.client.patch(`/api/moderation/appeals/${aliceAppeal.id}`, { status: 'denied', response: 'Alice, the logs say otherwise.' })).statusCode).toBe(200);
    expect((await alice.get('/api/bans/mine')).json().appeal).toMatchObject({ status: 'denied', response: 'Alice, the logs say otherwise.' });
    const bobAfter = await bob.get('/api/bans/mine');
    expect(bobAfter.json().appeal).toMatchObject({ status: 'pending', response: null });
    expect(bobAfter.body).not.toContain('logs say otherwise');

    // Accepting Bob's lifts the ban for the whole range.
    const accepted = await admin.client.patch(`/api/moderation/appeals/${bobAppeal.id}`, { status: 'accepted', response: 'Bob, sorry about that.' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', response: 'Bob, sorry about that.', ban: null });
    for (const client of [alice, bob, carol]) {
      expect((await client.get('/api/bans/mine')).json()).toBeNull();
      expect((await register(client)).statusCode).toBe(201);
    }
  });

  it('accepting one appeal closes the other pending appeals of that ban, in the log too', async () => {
    const ipHash = await rangeBan('2001:db8:5:6::1', 'wide', 'wide range');
    const people = ['2001:db8:5:7::1', '2001:db8:5:8::2', '2001:db8:5:9::3'].map((address) => new ForwardedClient(t.app, address));
    for (const [i, person] of people.entries()) {
      expect((await person.post('/api/bans/appeal', { message: `Person ${i} of the wide range, appealing.` })).statusCode).toBe(201);
    }
    const queue = await queueOf(ipHash);
    expect(queue).toHaveLength(3);
    const [chosen, ...others] = queue.sort((a, b) => a.id - b.id) as [QueueEntry, ...QueueEntry[]];

    // Two admins accept two appeals of the ban at once: one lifts it, the other finds its appeal already closed.
    const [one, two] = await Promise.all([
      admin.client.patch(`/api/moderation/appeals/${chosen.id}`, { status: 'accepted', response: 'Only for person 0.' }),
      otherAdmin.client.patch(`/api/moderation/appeals/${others[0]!.id}`, { status: 'accepted' }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const winner = one.statusCode === 200 ? { appeal: chosen, admin } : { appeal: others[0]!, admin: otherAdmin };

    const all = ((await admin.client.get('/api/moderation/appeals')).json() as QueueEntry[]).filter((entry) => queue.some((mine) => mine.id === entry.id));
    expect(all).toHaveLength(3);
    for (const entry of all) {
      expect(entry).toMatchObject({ status: 'accepted', ban: null, decidedBy: { id: winner.admin.id } });
      // The response was written to one appellant, and stays theirs.
      if (entry.id !== winner.appeal.id) expect(entry.response).toBeNull();
    }
    // A closed appeal is decided: answering it again is a 409, not a second lifting.
    const closedId = queue.find((entry) => entry.id !== winner.appeal.id)!.id;
    expect((await admin.client.patch(`/api/moderation/appeals/${closedId}`, { status: 'denied', response: 'Too late.' })).statusCode).toBe(409);

    const log = (await admin.client.get('/api/moderation/log')).json() as LogEntry[];
    const entries = log.filter((entry) => entry.action.startsWith('appeal_') && queue.some((mine) => String(mine.id) === entry.targetId));
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'appeal_accepted',
        targetId: String(winner.appeal.id),
        details: expect.objectContaining({ ipHash, scope: 'wide', alsoAccepted: queue.map((entry) => entry.id).filter((id) => id !== winner.appeal.id).sort((a, b) => a - b) }),
      }),
    ]);
    // The public log shows one decision, and no hash or appeal response.
    const publicLog = (await t.client().get('/api/moderation/public-log')).body;
    expect(publicLog).not.toContain(ipHash);
    expect(publicLog).not.toContain('Only for person 0');
    for (const person of people) expect((await register(person)).statusCode).toBe(201);
  });
});
