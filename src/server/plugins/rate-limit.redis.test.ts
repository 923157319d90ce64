import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig, TestClient, useTestApp } from '../test/app.js';
import { pollUntil } from '../test/processes.js';
import { REDIS_MISSING, redisServerBinary, startTestRedis, type TestRedis } from '../test/redis.js';

// Two instances sharing a redis-server of the test's own (CONTRACT.md sections 1 and 9):
// shared limits, then Redis stopped, frozen and back.
const t = useTestApp();
let redis: TestRedis;
let first: FastifyInstance;
let second: FastifyInstance;

const LOGIN_MAX = 10;

/** Logs in with a wrong password `count` times from `ip`; the statuses. */
async function attempts(app: FastifyInstance, ip: string, count: number): Promise<number[]> {
  const client = new TestClient(app, ip);
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await client.login('nobody', 'wrong')).statusCode);
  return statuses;
}

/** Redis away: /readyz says so within a second, and `ip` is still limited, from memory, without waiting on Redis. */
async function expectUnreadyButLimited(app: FastifyInstance, ip: string) {
  const down = await readyz(app);
  expect(down).toMatchObject({ status: 503, message: 'Redis unavailable' });
  expect(down.ms).toBeLessThan(1_000);
  const started = performance.now();
  expect(await attempts(app, ip, LOGIN_MAX + 1)).toEqual([...Array(LOGIN_MAX).fill(401), 429]);
  expect(performance.now() - started).toBeLessThan(5_000);
}

async function readyz(app: FastifyInstance): Promise<{ status: number; message: unknown; ms: number }> {
  const started = performance.now();
  const response = await app.inject('/readyz');
  return { status: response.statusCode, message: response.json<{ message?: string }>().message, ms: performance.now() - started };
}

describe.skipIf(!redisServerBinary)('rate limits and readiness with REDIS_URL', () => {
  beforeAll(async () => {
    redis = await startTestRedis();
    const config = testConfig({ rateLimit: true, redisUrl: redis.url });
    first = await buildApp({ config, database: t.database });
    second = await buildApp({ config, database: t.database });
    await pollUntil(async () => (await readyz(first)).status === 200 && (await readyz(second)).status === 200, 10_000, () => 'the apps never reached Redis');
  }, 30_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await redis?.close();
  });

  it('shares the counters between instances, in Redis', async () => {
    expect(await attempts(first, '192.0.2.10', LOGIN_MAX)).toEqual(Array(LOGIN_MAX).fill(401));
    expect(await attempts(second, '192.0.2.10', 1)).toEqual([429]);
    expect(await attempts(second, '192.0.2.11', 1)).toEqual([401]);
    expect((await redis.keys('hushboard-rl:limit:login-*')).length).toBe(2);
  });

  it('while Redis is stopped: /readyz 503 within a second, limits counted in each instance’s memory; back in Redis when it returns', async () => {
    await redis.stop();
    // Limits still hold, per instance: ten on the first, and ten more on the second.
    await expectUnreadyButLimited(first, '192.0.2.20');
    await expectUnreadyButLimited(second, '192.0.2.20');

    await redis.start();
    await pollUntil(async () => (await readyz(first)).status === 200 && (await readyz(second)).status === 200, 10_000, () => 'not ready again after Redis returned');
    // A fresh Redis: the counters are shared there again.
    expect(await attempts(first, '192.0.2.21', LOGIN_MAX)).toEqual(Array(LOGIN_MAX).fill(401));
    expect(await attempts(second, '192.0.2.21', 1)).toEqual([429]);
    expect((await redis.keys('hushboard-rl:*')).length).toBe(1);
  }, 30_000);

  it('while Redis is frozen: /readyz 503 within a second, requests answered promptly and still limited', async () => {
    redis.freeze();
    try {
      await expectUnreadyButLimited(first, '192.0.2.30');
    } finally {
      redis.thaw();
    }
    await pollUntil(async () => (await readyz(first)).status === 200, 10_000, () => 'not ready again after Redis thawed');
  }, 30_000);
});

describe.skipIf(redisServerBinary)('rate limits and readiness with REDIS_URL', () => {
  it.skip(REDIS_MISSING, () => {});
});
