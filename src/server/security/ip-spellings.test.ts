// One client, one address (issue 28, finding 5): an address is made canonical once
// (lib/client-address.ts) before anything hashes or compares it, so no spelling of it
// (case, zero-padding, where `::` compresses, an IPv4-mapped or -compatible form, a
// zone id, brackets and a port from a proxy) is a new client to the ipHash, the range
// hashes, the rate limits or the ban check. Checked by property over generated
// spellings, then over HTTP through a proxy (TRUST_PROXY), with the real ban check.
//
// Bounded and repeatable: a fixed seed (FUZZ_SEED to try another, FUZZ_RUNS for more runs).
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { canonicalAddress, parseAddress, UNPARSABLE_ADDRESS } from '../lib/client-address.js';
import { createIpHasher, prefixesOf } from '../lib/ip-prefix.js';
import { TestClient, testConfig, useTestApp } from '../test/app.js';
import { createThread, signUp, uniqueName, type TestUser } from '../test/factories.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_127);

const t = useTestApp({ config: { trustProxy: true } });
const hasher = createIpHasher('a-secret-long-enough-for-this');

/** An address and the canonical spelling it must get. */
interface Address {
  canonical: string;
  spellings: fc.Arbitrary<string>;
}

const hex = (value: number, width: number) => value.toString(16).padStart(width, '0');
/** A group in hex: padded with zeros to 1-4 digits, each digit upper or lower case. */
const groupText = (value: number) =>
  fc
    .tuple(fc.integer({ min: value.toString(16).length, max: 4 }), fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }))
    .map(([width, upper]) => [...hex(value, width)].map((digit, i) => (upper[i] ? digit.toUpperCase() : digit)).join(''));

/** 8 groups written out, with `::` standing for any run of zero groups (or none), the last two maybe as dotted IPv4. */
function ipv6Spelling(groups: number[]): fc.Arbitrary<string> {
  const zeroRuns: [number, number][] = [];
  for (let start = 0; start < 8; start++) {
    for (let end = start; end < 8 && groups[end] === 0; end++) zeroRuns.push([start, end + 1]);
  }
  return fc
    .tuple(
      fc.tuple(...groups.map(groupText)),
      zeroRuns.length > 0 ? fc.option(fc.constantFrom(...zeroRuns), { nil: undefined }) : fc.constant(undefined),
      fc.boolean(),
    )
    .map(([texts, run, dottedTail]) => {
      const parts: string[] = [...texts];
      if (dottedTail && (!run || run[1] <= 6)) {
        parts.splice(6, 2, [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.'));
      }
      if (!run) return parts.join(':');
      return `${parts.slice(0, run[0]).join(':')}::${parts.slice(run[1]).join(':')}`;
    });
}

/** What a proxy or a socket may wrap an address in: a zone id (IPv6), brackets and a port, spaces. */
function wrapped(spelling: fc.Arbitrary<string>, v6: boolean): fc.Arbitrary<string> {
  return fc
    .tuple(spelling, v6 ? fc.option(fc.stringMatching(/^[a-z0-9]{1,8}$/), { nil: undefined }) : fc.constant(undefined), fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }), fc.boolean())
    .map(([text, zone, port, spaced]) => {
      let out = zone === undefined ? text : `${text}%${zone}`;
      if (port !== undefined) out = v6 || out.includes(':') ? `[${out}]:${port}` : `${out}:${port}`;
      return spaced ? ` ${out} ` : out;
    });
}

/** A global unicast IPv6 address, often with runs of zero groups; its canonical text from the WHATWG URL parser (RFC 5952 compatible). */
const ipv6Address: fc.Arbitrary<Address> = fc
  .tuple(fc.integer({ min: 0x2000, max: 0x3fff }), fc.array(fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 0, max: 0xffff })), { minLength: 7, maxLength: 7 }))
  .map(([first, rest]) => {
    const groups = [first, ...rest];
    return { canonical: new URL(`http://[${groups.map((group) => hex(group, 1)).join(':')}]/`).hostname.slice(1, -1), spellings: wrapped(ipv6Spelling(groups), true) };
  });

/** An IPv4 address, as itself or inside IPv6: mapped (`::ffff:`), and compatible (`::a.b.c.d`) when its first octet is not 0. */
const ipv4Address: fc.Arbitrary<Address> = fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 })).map((octets) => {
  const [a, b, c, d] = octets;
  const tail = [(a << 8) | b, (c << 8) | d];
  const forms = [fc.constant(octets.join('.')), ipv6Spelling([0, 0, 0, 0, 0, 0xffff, ...tail])];
  if (a !== 0) forms.push(ipv6Spelling([0, 0, 0, 0, 0, 0, ...tail]));
  return { canonical: octets.join('.'), spellings: fc.oneof(...forms).chain((text) => wrapped(fc.constant(text), text.includes(':'))) };
});

const anyAddress = fc.oneof(ipv6Address, ipv4Address);
/** An address with a handful of its spellings. */
const spelled = anyAddress.chain((address) => fc.tuple(fc.constant(address), fc.array(address.spellings, { minLength: 2, maxLength: 6 })));

describe('every spelling of an address', () => {
  it('gets the same canonical form, ipHash and prefix hashes', () => {
    fc.assert(
      fc.property(spelled, ([address, spellings]) => {
        // Plain comparisons (expect is slow per call); fast-check reports the counterexample.
        const canonical = canonicalAddress(address.canonical);
        const hashes = JSON.stringify(hasher.hashesOf(canonical));
        const prefixes = JSON.stringify(prefixesOf(canonical));
        return (
          parseAddress(address.canonical) === address.canonical &&
          spellings.every(
            (spelling) =>
              parseAddress(spelling) === address.canonical &&
              JSON.stringify(hasher.hashesOf(canonicalAddress(spelling))) === hashes &&
              JSON.stringify(prefixesOf(canonicalAddress(spelling))) === prefixes,
          )
        );
      }),
      { seed: SEED, numRuns: Number(process.env.FUZZ_RUNS ?? 300), endOnFailure: true },
    );
  }, 120_000);

  it('turns what is no address into one shared client, never one per spelling', () => {
    for (const text of ['', 'garbage', '999.1.1.1', '01.2.3.4', '1.2.3', '1::2::3', '::ffff:1.2.3.256', '[::1', 'unknown', '2001:db8::1:2:3:4:5:6:7']) {
      expect(canonicalAddress(text), text).toBe(UNPARSABLE_ADDRESS);
    }
    expect(canonicalAddress(undefined)).toBe(UNPARSABLE_ADDRESS);
    // Never mistaken for IPv4: the unspecified and loopback IPv6 addresses stay IPv6.
    expect(parseAddress('::')).toBe('::');
    expect(parseAddress('0:0:0:0:0:0:0:1')).toBe('::1');
  });
});

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

let admin: TestUser;
beforeAll(async () => {
  admin = await signUp(t, { admin: true, ip: '192.0.2.1' });
});

/** Someone posting from `address`: the ipHash the server stored for them, as an admin reads it. */
async function posterFrom(address: string): Promise<string> {
  const client = new ForwardedClient(t.app, address);
  const username = uniqueName('s');
  const { id } = await client.register(username);
  const thread = await createThread(t, { id, username, client });
  return (await admin.client.get(`/api/threads/${thread.id}`)).json().ipHash as string;
}

const register = (address: string) => new ForwardedClient(t.app, address).post('/api/register', { username: uniqueName('s'), password: 'password1' });

/** Bans `spelling`'s ipHash (or the range around it), then every other spelling registers: all 403. */
async function refusedSpellings(banned: string, others: string[], scope: 'ip' | 'subnet' | 'wide' = 'ip'): Promise<number[]> {
  const ipHash = await posterFrom(banned);
  expect((await admin.client.post('/api/moderation/ban-ip', { ipHash, scope, reason: 'spelling' })).statusCode).toBe(201);
  try {
    return await Promise.all(others.map(async (other) => (await register(other)).statusCode));
  } finally {
    expect((await admin.client.delete(`/api/moderation/ban-ip/${ipHash}`)).statusCode).toBe(204);
  }
}

describe('the ban check over HTTP, through a proxy', () => {
  it('refuses every generated spelling of a banned address, and of an address in a banned range', async () => {
    await fc.assert(
      fc.asyncProperty(spelled, fc.constantFrom('ip' as const, 'subnet' as const, 'wide' as const), async ([, spellings], scope) => {
        const [banned, ...others] = spellings as [string, ...string[]];
        const statuses = await refusedSpellings(banned, others, scope);
        expect(statuses, `${banned} banned (${scope}); ${others.join(' | ')}`).toEqual(others.map(() => 403));
      }),
      { seed: SEED, numRuns: 8 },
    );
  }, 120_000);

  // The spellings of the report (issue 28, finding 5).
  it('a ban on 2001:db8:36:1::7 holds for 2001:DB8:36:1::7, 2001:db8:36:1:0:0:0:7 and 2001:0db8:0036:0001::0007', async () => {
    const others = ['2001:DB8:36:1::7', '2001:db8:36:1:0:0:0:7', '2001:0db8:0036:0001::0007'];
    expect(await refusedSpellings('2001:db8:36:1::7', others)).toEqual([403, 403, 403]);
    // And the other way round: a ban made on a spelled-out address holds for the short one.
    expect(await refusedSpellings('2001:0db8:0036:0001::0007', ['2001:db8:36:1::7'])).toEqual([403]);
  });

  it('a ban on 192.0.2.236 holds for ::ffff:192.0.2.236, forwarded or as the socket address', async () => {
    const ipHash = await posterFrom('192.0.2.236');
    expect((await admin.client.post('/api/moderation/ban-ip', { ipHash, reason: 'mapped' })).statusCode).toBe(201);
    try {
      expect((await register('::ffff:192.0.2.236')).statusCode).toBe(403);
      expect((await register('::FFFF:c000:2ec')).statusCode).toBe(403);
      const direct = await t.client({ ip: '::ffff:192.0.2.236' }).post('/api/register', { username: uniqueName('s'), password: 'password1' });
      expect(direct.statusCode).toBe(403);
      expect(direct.json()).toMatchObject({ message: 'You are banned: mapped' });
      // A neighbour is not banned by an ip ban.
      expect((await register('192.0.2.237')).statusCode).toBe(201);
    } finally {
      await admin.client.delete(`/api/moderation/ban-ip/${ipHash}`);
    }
  });

  it('gives a malformed forwarded address one shared ipHash, so garbage cannot dodge a ban', async () => {
    expect(await refusedSpellings('not-an-address', ['also-garbage', '999.0.0.1', '01.2.3.4'])).toEqual([403, 403, 403]);
  });

  it('counts every spelling of an address against one rate limit', async () => {
    const limited = await buildApp({ config: testConfig({ trustProxy: true, rateLimit: true }), database: t.database });
    try {
      await limited.ready();
      const spellings = ['2001:db8:77::1', '2001:DB8:77:0:0:0:0:1', '[2001:0db8:0077::0001]:8443', '2001:db8:77::1%eth0', '2001:db8:77:0::0:1'];
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await new ForwardedClient(limited, spellings[i % spellings.length]!).login('nobody', 'wrong')).statusCode);
      expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
      // Another client (an IPv6 /64 of its own: plugins/client-ip.ts limitKey) is not affected.
      expect((await new ForwardedClient(limited, '2001:db8:78::2').login('nobody', 'wrong')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
