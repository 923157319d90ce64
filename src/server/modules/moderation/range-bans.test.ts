// Range bans from the outside: a proxy (TRUST_PROXY) forwards each client's address in
// X-Forwarded-For, so one app sees many addresses, IPv4 and IPv6.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { ipHashPrefixes } from '../../db/schema.js';
import { TestClient, testConfig, useTestApp } from '../../test/app.js';
import { createThread, signUp, uniqueName, type TestUser } from '../../test/factories.js';

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

const addresses = {
  v4: '198.51.100.10',
  v4SameSubnet: '198.51.100.20',
  v4Mapped: '::ffff:198.51.100.30', // the same /24, written as IPv6
  v4SameWide: '198.51.7.30',
  v4Elsewhere: '203.0.113.5',
  v6: '2001:db8:1:2::10',
  v6SameSubnet: '2001:db8:1:2:ffff::1',
  v6SameWide: '2001:db8:1:3::1',
  v6Elsewhere: '2001:db8:2::1',
} as const;
type Name = keyof typeof addresses;

const people = {} as Record<Name, TestUser>;
let admin: TestUser;
let threadId: number;
const hashOf = {} as Record<Name, string>;
/** Every answer a non-admin got in this file, to search for hashes and addresses. */
const visitorAnswers: string[] = [];
const adminAnswers: string[] = [];

async function signUpFrom(address: string): Promise<TestUser> {
  const client = new ForwardedClient(t.app, address);
  const username = uniqueName('r');
  const { id } = await client.register(username);
  return { id, username, client };
}

/** A reply from that person: 201, or the 403 of a ban. */
async function reply(name: Name): Promise<number> {
  const response = await people[name].client.post('/api/posts', { threadId, content: `from ${name}` });
  visitorAnswers.push(response.body);
  return response.statusCode;
}

const ban = async (body: Record<string, unknown>) => {
  const response = await admin.client.post('/api/moderation/ban-ip', body);
  adminAnswers.push(response.body);
  return response;
};
const preview = async (name: Name, scope: string) => {
  const response = await admin.client.get(`/api/moderation/ban-ip/preview?ipHash=${hashOf[name]}&scope=${scope}`);
  adminAnswers.push(response.body);
  return response;
};
const unban = async (name: Name) => expect((await admin.client.delete(`/api/moderation/ban-ip/${hashOf[name]}`)).statusCode).toBe(204);

/** Who is refused a reply while the ban holds. */
async function refused(): Promise<Name[]> {
  const names: Name[] = [];
  for (const name of Object.keys(addresses) as Name[]) if ((await reply(name)) === 403) names.push(name);
  return names;
}

beforeAll(async () => {
  admin = await signUp(t, { admin: true, ip: '192.0.2.200' });
  for (const name of Object.keys(addresses) as Name[]) people[name] = await signUpFrom(addresses[name]);
  threadId = (await createThread(t, people.v4Elsewhere)).id;
  for (const name of Object.keys(addresses) as Name[]) {
    const own = await createThread(t, people[name]);
    hashOf[name] = (await admin.client.get(`/api/threads/${own.id}`)).json().ipHash;
  }
});

describe('range bans', () => {
  it('keeps only keyed hashes of the prefixes, one row per known ipHash, none equal to an ipHash', async () => {
    const rows = await t.database.db.select().from(ipHashPrefixes);
    const ipHashes = new Set(Object.values(hashOf));
    expect(new Set(Object.values(hashOf)).size).toBe(9);
    for (const hash of ipHashes) expect(rows.filter((row) => row.ipHash === hash)).toHaveLength(1);
    for (const row of rows) {
      expect(row.subnetHash).toMatch(/^[0-9a-f]{64}$/);
      expect(ipHashes.has(row.subnetHash) || ipHashes.has(row.wideHash)).toBe(false);
    }
    const stored = JSON.stringify(rows);
    for (const address of Object.values(addresses)) expect(stored).not.toContain(address);
    expect(stored).not.toContain('198.51.100');
  });

  it('previews how many known addresses a scope covers', async () => {
    expect((await preview('v4', 'ip')).json()).toEqual({ covered: 1 });
    expect((await preview('v4', 'subnet')).json()).toEqual({ covered: 3 });
    expect((await preview('v4', 'wide')).json()).toEqual({ covered: 4 });
    expect((await preview('v6', 'subnet')).json()).toEqual({ covered: 2 });
    expect((await preview('v6', 'wide')).json()).toEqual({ covered: 3 });
    const bad = await admin.client.get(`/api/moderation/ban-ip/preview?ipHash=${hashOf.v4}&scope=country`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Scope must be ip, subnet or wide', errors: { scope: 'Scope must be ip, subnet or wide' } });
    const unknown = await admin.client.get(`/api/moderation/ban-ip/preview?ipHash=${'d'.repeat(64)}&scope=subnet`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: 'No range is known for this IP hash', errors: { scope: 'No range is known for this IP hash' } });
    expect((await people.v4.client.get(`/api/moderation/ban-ip/preview?ipHash=${hashOf.v4}&scope=ip`)).statusCode).toBe(403);
    expect((await t.client().get(`/api/moderation/ban-ip/preview?ipHash=${hashOf.v4}&scope=ip`)).statusCode).toBe(401);
  });

  it('an ip ban catches that address only', async () => {
    const created = await ban({ ipHash: hashOf.v4, reason: 'one address' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ipHash: hashOf.v4, scope: 'ip' });
    expect(await refused()).toEqual(['v4']);
    await unban('v4');
  });

  it('an IPv4 subnet ban catches its /24 (an IPv4-mapped address included) and nothing else', async () => {
    expect((await ban({ ipHash: hashOf.v4, scope: 'subnet', reason: 'subnet spam' })).json()).toMatchObject({ scope: 'subnet' });
    expect(await refused()).toEqual(['v4', 'v4SameSubnet', 'v4Mapped']);
    await unban('v4');
    expect(await refused()).toEqual([]);
  });

  it('an IPv4 wide ban catches its /16', async () => {
    await ban({ ipHash: hashOf.v4SameSubnet, scope: 'wide' });
    expect(await refused()).toEqual(['v4', 'v4SameSubnet', 'v4Mapped', 'v4SameWide']);
    await unban('v4SameSubnet');
  });

  it('IPv6 subnet and wide bans catch the /64 and the /48', async () => {
    await ban({ ipHash: hashOf.v6, scope: 'subnet' });
    expect(await refused()).toEqual(['v6', 'v6SameSubnet']);
    await unban('v6');
    await ban({ ipHash: hashOf.v6SameSubnet, scope: 'wide', reason: 'v6 range' });
    expect(await refused()).toEqual(['v6', 'v6SameSubnet', 'v6SameWide']);
    const refusal = await people.v6SameWide.client.post('/api/posts', { threadId, content: 'again' });
    expect(refusal.json()).toEqual({ message: 'You are banned: v6 range', ban: { reason: 'v6 range', expiresAt: null, appealable: true } });
    // The IP Finder shows a hash inside a range ban as banned.
    const finder = (await admin.client.get(`/api/moderation/threads/${threadId}/ip-hashes`)).json();
    adminAnswers.push(JSON.stringify(finder));
    const banned = finder.hashes.filter((entry: { isBanned: boolean }) => entry.isBanned).map((entry: { ipHash: string }) => entry.ipHash);
    expect(banned.sort()).toEqual([hashOf.v6, hashOf.v6SameSubnet, hashOf.v6SameWide].sort());
    await unban('v6SameSubnet');
  });

  it('a re-ban moves the scope, and a range ban of an unknown hash is a 400', async () => {
    await ban({ ipHash: hashOf.v4Elsewhere, scope: 'wide' });
    expect((await ban({ ipHash: hashOf.v4Elsewhere, scope: 'ip' })).json()).toMatchObject({ scope: 'ip' });
    expect(await refused()).toEqual(['v4Elsewhere']);
    await unban('v4Elsewhere');
    const unknown = await ban({ ipHash: 'e'.repeat(64), scope: 'wide' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ scope: 'No range is known for this IP hash' });
  });

  it('a ban made through one instance holds at once on another', async () => {
    const other = await buildApp({ config: testConfig({ trustProxy: true }), database: t.database });
    try {
      await other.ready();
      await ban({ ipHash: hashOf.v4SameWide, scope: 'subnet' });
      const elsewhere = await new ForwardedClient(other, addresses.v4SameWide).post('/api/register', { username: uniqueName('x'), password: 'password1' });
      expect(elsewhere.statusCode).toBe(403);
      await unban('v4SameWide');
      const lifted = await new ForwardedClient(other, addresses.v4SameWide).post('/api/register', { username: uniqueName('x'), password: 'password1' });
      expect(lifted.statusCode).toBe(201);
    } finally {
      await other.close();
    }
  });

  it('never shows a hash to anyone but admins, and a raw address to no one', async () => {
    await ban({ ipHash: hashOf.v4, scope: 'subnet', reason: 'privacy check' });
    const visitor = new ForwardedClient(t.app, addresses.v4SameSubnet);
    for (const url of ['/api/bans/mine', `/api/threads/${threadId}`, '/api/moderation/public-log', '/api/threads/simple-recent', `/api/users/${people.v4.id}`]) {
      for (const client of [visitor, people.v4Mapped.client]) visitorAnswers.push((await client.get(url)).body);
    }
    visitorAnswers.push((await visitor.post('/api/bans/appeal', { message: 'I share this network with a spammer.' })).body);
    // Another address in the banned range never sees that appeal, and has its own to make.
    const neighbour = await people.v4Mapped.client.get('/api/bans/mine');
    expect(neighbour.json()).toMatchObject({ ban: { reason: 'privacy check', appealable: true }, appeal: null });
    expect(neighbour.body).not.toContain('spammer');
    expect((await people.v4Mapped.client.post('/api/bans/appeal', { message: 'Me too, let me appeal as well.' })).statusCode).toBe(201);
    expect((await visitor.get('/api/bans/mine')).json().appeal).toMatchObject({ message: 'I share this network with a spammer.' });
    expect((await visitor.get('/api/bans/mine')).body).not.toContain('Me too');
    for (const url of ['/api/moderation/banned-ips', '/api/moderation/appeals', '/api/moderation/log', `/api/threads/${threadId}`]) {
      adminAnswers.push((await admin.client.get(url)).body);
    }
    const prefixRows = await t.database.db.select().from(ipHashPrefixes);
    const secrets = [...Object.values(hashOf), ...prefixRows.flatMap((row) => [row.subnetHash, row.wideHash])];
    const visitorText = visitorAnswers.join('\n');
    expect(visitorText).toContain('privacy check');
    for (const secret of secrets) expect(visitorText).not.toContain(secret);
    expect(visitorText).not.toMatch(/[0-9a-f]{64}/);
    // Admins see ipHashes, never a prefix hash (they are compared, not shown), nor an address.
    const adminText = adminAnswers.join('\n');
    expect(adminText).toContain(hashOf.v4);
    for (const row of prefixRows) for (const hash of [row.subnetHash, row.wideHash]) expect(adminText).not.toContain(hash);
    for (const text of [visitorText, adminText]) {
      for (const address of Object.values(addresses)) expect(text).not.toContain(address);
      expect(text).not.toContain('198.51.');
      expect(text).not.toContain('2001:db8');
    }
    await unban('v4');
  });
});
