// One IPv6 /64, one client to the limits (attack review 2). A host or household on IPv6
// is routinely given a whole /64, and picks any address in it per request: counted per
// address, the login and register limits, the open-stream cap and the proof of work's
// caller count each met 2^64 fresh counters. They count an IPv6 client by its /64
// (`request.limitKey`, plugins/client-ip.ts), an IPv4 one by its address as before.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POW_CALLER_FREE_PER_MINUTE } from '../../shared/constants.js';
import { buildApp } from '../app.js';
import { TestClient, testConfig, useTestApp } from '../test/app.js';
import { openStream } from '../test/sse.js';

const t = useTestApp({ config: { trustProxy: true } });

/** A client behind the proxy: every request arrives with its address forwarded. */
const login = (app: FastifyInstance, address: string) =>
  new TestClient(app).request('POST', '/api/login', { body: { username: 'nobody', password: 'wrong' }, headers: { 'x-forwarded-for': address } });

/** The n-th address of the /64 2001:db8:64:1::/64, each one an address of its own. */
const inOne64 = (n: number) => `2001:db8:64:1:${(n + 1).toString(16)}:${(n * 797).toString(16)}::${(n + 3).toString(16)}`;

describe('an IPv6 /64 is one client to the limits', () => {
  let limited: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    limited = await buildApp({ config: testConfig({ trustProxy: true, rateLimit: true, pow: 'auto' }), database: t.database, liveEvents: { streamsPerIp: 3 } });
    await limited.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(limited.server.address() as { port: number }).port}`;
  });
  afterAll(() => limited?.close());

  it('counts every address of a /64 against one login limit; another /64 and an IPv4 address keep theirs', async () => {
    const statuses: number[] = [];
    // The 10 a minute login allows, then one more: each from a new address in the /64.
    for (let i = 0; i < 11; i++) statuses.push((await login(limited, inOne64(i))).statusCode);
    // Past the proof of work's free actions, a login is asked to work (428) before it is tried.
    expect(statuses.slice(0, 10).every((status) => status === 401 || status === 428)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await login(limited, '2001:db8:64:2::1')).statusCode).toBe(401);
    expect((await login(limited, '192.0.2.64')).statusCode).toBe(401);
    expect((await login(limited, '192.0.2.65')).statusCode).toBe(401);
  });

  it('asks the proof of work of a /64 whose addresses each act once', async () => {
    const answers: number[] = [];
    for (let i = 0; i <= POW_CALLER_FREE_PER_MINUTE; i++) {
      const response = await new TestClient(limited).request('POST', '/api/login', {
        body: { username: 'nobody', password: 'wrong' },
        headers: { 'x-forwarded-for': `2001:db8:64:4::${(i + 1).toString(16)}` },
      });
      answers.push(response.statusCode);
    }
    expect(answers.slice(0, POW_CALLER_FREE_PER_MINUTE)).toEqual(Array<number>(POW_CALLER_FREE_PER_MINUTE).fill(401));
    expect(answers[POW_CALLER_FREE_PER_MINUTE]).toBe(428);
  });

  it('caps the open event streams of a /64, whatever address each comes from', async () => {
    const open = [];
    for (let i = 0; i < 3; i++) open.push(await openStream(base, '', { 'x-forwarded-for': `2001:db8:64:5::${i + 1}` }));
    try {
      expect(open.map((stream) => stream.response.status)).toEqual([200, 200, 200]);
      const refused = await fetch(`${base}/api/events`, { headers: { 'x-forwarded-for': '2001:db8:64:5:ffff::9' } });
      expect(refused.status).toBe(429);
      await refused.arrayBuffer();
      const other = await openStream(base, '', { 'x-forwarded-for': '2001:db8:64:6::1' });
      expect(other.response.status).toBe(200);
      await other.close();
    } finally {
      for (const stream of open) await stream.close();
    }
  });
});
