import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PowRequiredBody } from '../../../shared/api.js';
import { POW_BASE_DIFFICULTY, POW_CALLER_FREE_PER_MINUTE } from '../../../shared/constants.js';
import { buildApp } from '../../app.js';
import { testConfig, TestClient, useTestApp } from '../../test/app.js';
import { uniqueName } from '../../test/factories.js';
import { solvePow } from '../../test/pow.js';
import { pollUntil } from '../../test/processes.js';
import { redisServerBinary, startTestRedis, type TestRedis } from '../../test/redis.js';

// Two instances sharing a redis-server of the test's own (CONTRACT.md sections 9 and 11):
// a solution spent on one is spent on the other, and the auto counters are shared.
const t = useTestApp();
let redis: TestRedis;
let first: FastifyInstance;
let second: FastifyInstance;
let firstAuto: FastifyInstance;
let secondAuto: FastifyInstance;

const challengeOf = (response: { statusCode: number; json(): unknown }) => {
  expect(response.statusCode).toBe(428);
  return (response.json() as PowRequiredBody).pow;
};

describe.skipIf(!redisServerBinary)('proof of work across instances with REDIS_URL', () => {
  beforeAll(async () => {
    redis = await startTestRedis();
    const build = (pow: 'always' | 'auto') => buildApp({ config: testConfig({ rateLimit: true, pow, redisUrl: redis.url }), database: t.database });
    [first, second, firstAuto, secondAuto] = await Promise.all([build('always'), build('always'), build('auto'), build('auto')]);
    const ready = async (app: FastifyInstance) => (await app.inject('/readyz')).statusCode === 200;
    await pollUntil(async () => (await Promise.all([first, second, firstAuto, secondAuto].map(ready))).every(Boolean), 10_000, () => 'the apps never reached Redis');
  }, 30_000);
  afterAll(async () => {
    await Promise.all([first, second, firstAuto, secondAuto].map((app) => app?.close()));
    await redis?.close();
  });

  it('a solution spent on one instance is refused on the other, remembered in Redis', async () => {
    const body = () => ({ username: uniqueName('pr'), password: 'password1' });
    const solution = solvePow(challengeOf(await new TestClient(first, '203.0.113.1').post('/api/register', body())));
    expect((await new TestClient(first, '203.0.113.1').post('/api/register', body(), { headers: { 'x-pow': solution } })).statusCode).toBe(201);
    challengeOf(await new TestClient(second, '203.0.113.2').post('/api/register', body(), { headers: { 'x-pow': solution } }));
    const [key] = await redis.keys('hushboard-pow-spent:*');
    expect(key).toBeDefined();
  });

  it('POW=auto counts a caller on every instance together', async () => {
    const ip = '203.0.113.3';
    const login = { username: 'nobody_here', password: 'wrong' };
    // Alternating instances: the minute's free actions are shared, not per instance.
    const statuses: number[] = [];
    for (let i = 0; i < POW_CALLER_FREE_PER_MINUTE; i++) statuses.push((await new TestClient(i % 2 ? secondAuto : firstAuto, ip).post('/api/login', login)).statusCode);
    expect(statuses).toEqual(Array(POW_CALLER_FREE_PER_MINUTE).fill(401));
    expect(challengeOf(await new TestClient(secondAuto, ip).post('/api/login', login)).maxnumber).toBe(POW_BASE_DIFFICULTY);
    expect((await redis.keys('hushboard-pow:*')).length).toBeGreaterThan(0);
  });
});
