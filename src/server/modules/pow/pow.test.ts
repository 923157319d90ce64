import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PowRequiredBody } from '../../../shared/api.js';
import {
  POW_ALWAYS_DIFFICULTY,
  POW_BASE_DIFFICULTY,
  POW_BOARD_FREE_PER_MINUTE,
  POW_BOARD_MAX_DIFFICULTY,
  POW_CALLER_FREE_PER_MINUTE,
} from '../../../shared/constants.js';
import { buildApp } from '../../app.js';
import { testConfig, TestClient, useTestApp } from '../../test/app.js';
import { boardId, uniqueName } from '../../test/factories.js';
import { solvePow } from '../../test/pow.js';
import { boardDifficulty, callerDifficulty, createChallenges } from './index.js';

// Proof of work from the outside (CONTRACT.md section 11): apps built with RATE_LIMIT=on
// and each POW mode on one test database; IPs differ per test so counters and the
// register limit (5 per 10 minutes per IP) never meet.
const t = useTestApp();
const apps: FastifyInstance[] = [];
let always: FastifyInstance;
let auto: FastifyInstance;
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

async function appWith(pow: 'auto' | 'always' | 'off', rateLimit = true): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig({ rateLimit, pow }), database: t.database });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  always = await appWith('always');
  auto = await appWith('auto');
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

const demand = (response: { statusCode: number; json(): unknown }) => {
  expect(response.statusCode).toBe(428);
  return (response.json() as PowRequiredBody).pow;
};
const withPow = (solution: string) => ({ headers: { 'x-pow': solution } });

/** Registers on `app` through its proof of work, as the web app does; the signed-in client. */
async function registered(app: FastifyInstance, ip = freshIp()): Promise<TestClient> {
  const client = new TestClient(app, ip);
  const body = { username: uniqueName('pw'), password: 'password1' };
  let response = await client.post('/api/register', body);
  if (response.statusCode === 428) response = await client.post('/api/register', body, withPow(solvePow(demand(response))));
  expect(response.statusCode).toBe(201);
  return client;
}

describe('POW=always', () => {
  it('answers 428 with an ALTCHA challenge, and accepts its solution once', async () => {
    const client = new TestClient(always, freshIp());
    const body = { username: uniqueName('pw'), password: 'password1' };
    const response = await client.post('/api/register', body);
    expect(response.json()).toEqual({
      message: 'Proof of work required',
      pow: { algorithm: 'SHA-256', challenge: expect.stringMatching(/^[0-9a-f]{64}$/), maxnumber: POW_ALWAYS_DIFFICULTY, salt: expect.stringContaining('action=register'), signature: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    const solution = solvePow(demand(response));
    expect((await client.post('/api/register', body, withPow(solution))).statusCode).toBe(201);

    // Spent: the same solution again, for another account, is refused with a fresh challenge.
    const again = await new TestClient(always, freshIp()).post('/api/register', { username: uniqueName('pw'), password: 'password1' }, withPow(solution));
    expect(demand(again).challenge).not.toBe(demand(response).challenge);
  });

  it('refuses a solution made for another action', async () => {
    const client = new TestClient(always, freshIp());
    const forRegister = solvePow(demand(await client.post('/api/register', { username: uniqueName('pw'), password: 'password1' })));
    const login = await client.post('/api/login', { username: 'nobody_here', password: 'wrong' }, withPow(forRegister));
    expect(demand(login).salt).toContain('action=login');
    // The register solution was not spent by that refusal: it still registers.
    expect((await client.post('/api/register', { username: uniqueName('pw'), password: 'password1' }, withPow(forRegister))).statusCode).toBe(201);
  });

  it('refuses an expired solution, and junk in X-Pow, with a fresh challenge (never a 500)', async () => {
    const client = new TestClient(always, freshIp());
    const body = { username: 'nobody_here', password: 'wrong' };
    // Signed with the app's own key, but expired a minute ago.
    const expired = await createChallenges(testConfig().secret, { ttlMs: -60_000 }).issue('login', 1_000);
    demand(await client.post('/api/login', body, withPow(solvePow(expired))));
    // A solution signed with another key is not ours.
    const forged = await createChallenges('another-secret-long-enough').issue('login', 1_000);
    demand(await client.post('/api/login', body, withPow(solvePow(forged))));
    const junk = ['x', Buffer.from('{"algorithm":"SHA-1"}').toString('base64'), Buffer.from('[]').toString('base64'), 'A'.repeat(5_000)];
    for (const value of junk) demand(await client.post('/api/login', body, withPow(value)));
    // A wrong number for a real challenge.
    const real = demand(await client.post('/api/login', body));
    const wrong = JSON.parse(Buffer.from(solvePow(real), 'base64').toString()) as { number: number };
    wrong.number += 1;
    demand(await client.post('/api/login', body, withPow(Buffer.from(JSON.stringify({ ...real, ...wrong })).toString('base64'))));
    // And the right one passes the gate (then the password is checked).
    expect((await client.post('/api/login', body, withPow(solvePow(real)))).statusCode).toBe(401);
  });

  it('guards new threads and replies; bad input is answered first, without work', async () => {
    const client = await registered(always);
    const thread = { boardId: await boardId(t), title: 'Worked for', content: 'Some thread content' };
    expect((await client.post('/api/threads', { ...thread, title: '' })).statusCode).toBe(400);
    const created = await client.post('/api/threads', thread, withPow(solvePow(demand(await client.post('/api/threads', thread)))));
    expect(created.statusCode).toBe(201);
    const reply = { threadId: (created.json() as { id: number }).id, content: 'A worked reply' };
    const challenge = demand(await client.post('/api/posts', reply));
    expect(challenge.salt).toContain('action=reply');
    expect((await client.post('/api/posts', reply, withPow(solvePow(challenge)))).statusCode).toBe(201);
    // Multipart, as the web app sends it: the header works the same.
    const form = await client.postForm('/api/posts', { threadId: String(reply.threadId), content: 'A form reply' });
    expect(form.statusCode).toBe(428);
  });
});

describe('never demanded', () => {
  it('POW=off, and RATE_LIMIT=off whatever POW says', async () => {
    for (const app of [await appWith('off'), await appWith('always', false)]) {
      const client = new TestClient(app, freshIp());
      const { username } = await client.register(uniqueName('pw'));
      expect((await client.login(username)).statusCode).toBe(200);
      const thread = await client.post('/api/threads', { boardId: await boardId(t), title: 'No work', content: 'Some thread content' });
      expect(thread.statusCode).toBe(201);
      for (let i = 0; i < POW_CALLER_FREE_PER_MINUTE + 2; i++) {
        expect((await client.post('/api/posts', { threadId: (thread.json() as { id: number }).id, content: `Reply ${i}` })).statusCode).toBe(201);
      }
    }
  });
});

describe('POW=auto', () => {
  it('demands nothing of a normal caller, then doubling work after a burst, counted by IP and by user', async () => {
    const ip = freshIp();
    const client = await registered(auto, ip);
    const thread = await client.post('/api/threads', { boardId: await boardId(t), title: 'A busy thread', content: 'Some thread content' });
    expect(thread.statusCode).toBe(201);
    const reply = { threadId: (thread.json() as { id: number }).id, content: 'Quick reply' };
    // Register and thread were two actions: the rest of the minute's free ones are replies.
    for (let i = 2; i < POW_CALLER_FREE_PER_MINUTE; i++) expect((await client.post('/api/posts', reply)).statusCode).toBe(201);

    const first = demand(await client.post('/api/posts', reply));
    expect(first.maxnumber).toBe(POW_BASE_DIFFICULTY);
    expect((await client.post('/api/posts', reply, withPow(solvePow(first)))).statusCode).toBe(201);
    expect(demand(await client.post('/api/posts', reply)).maxnumber).toBe(2 * POW_BASE_DIFFICULTY);
    // Challenges handed out count too: asking again costs double again.
    expect(demand(await client.post('/api/posts', reply)).maxnumber).toBe(4 * POW_BASE_DIFFICULTY);

    // Another caller on another address is not slowed by it.
    const other = await registered(auto);
    expect((await other.post('/api/posts', reply)).statusCode).toBe(201);
    // The same user from another address still is: the user's own count.
    const moved = new TestClient(auto, freshIp());
    moved.cookies.set('hb_session', client.cookies.get('hb_session')!);
    moved.cookies.set('hb_csrf', client.cookies.get('hb_csrf')!);
    demand(await moved.post('/api/posts', reply));
  });

  it('the curve: zero until the limits, doubling after, capped', () => {
    expect(callerDifficulty(0)).toBe(0);
    expect([1, 2, 3].map(callerDifficulty)).toEqual([POW_BASE_DIFFICULTY, 2 * POW_BASE_DIFFICULTY, 4 * POW_BASE_DIFFICULTY]);
    expect(callerDifficulty(1_000)).toBeGreaterThan(1e8);
    expect(boardDifficulty(POW_BOARD_FREE_PER_MINUTE)).toBe(0);
    expect(boardDifficulty(POW_BOARD_FREE_PER_MINUTE + 1)).toBe(POW_BASE_DIFFICULTY);
    expect(boardDifficulty(POW_BOARD_FREE_PER_MINUTE * 100)).toBe(POW_BOARD_MAX_DIFFICULTY);
  });
});
