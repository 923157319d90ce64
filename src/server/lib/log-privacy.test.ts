// CONTRACT.md section 1: logs never carry SQL parameters, post text, passwords, tokens,
// raw IPs or IP hashes. A realistic run (register, log in, a thread and a reply, errors whose
// queries held the canaries as parameters) through the production logger, every line
// captured, and none may hold a canary. The failing queries are real: a value PostgreSQL
// cannot cast, and a unique violation, both from drizzle, whose error message names the
// parameters.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createDatabase, type Database } from '../db/client.js';
import { threads, users } from '../db/schema.js';
import { createTestDatabaseUrl, TestClient, testConfig } from '../test/app.js';
import { createLogger } from './logger.js';

const POST_CANARY = 'CanaryPostText-9d41';
const REPLY_CANARY = 'CanaryReplyText-52be';
const PASSWORD = 'CanaryPassw0rd-e7';
const USERNAME = 'canaryuser';
const CLIENT_IP = '203.0.113.77';

const lines: string[] = [];
let app: FastifyInstance;
let database: Database;
let processLogger: ReturnType<typeof createLogger>;

beforeAll(async () => {
  database = createDatabase(await createTestDatabaseUrl(), { warn() {} });
  processLogger = createLogger('info', false, { write: (line: string) => void lines.push(line) });
  app = await buildApp({ config: testConfig({ trustProxy: true, logLevel: 'info' }), database, logger: processLogger });
  // Two routes that fail the way a bug would: a query PostgreSQL refuses, its parameters ours to keep quiet.
  app.get('/test/bad-cast', async () => database.db.execute(sql`SELECT ${POST_CANARY}::int AS n`));
  app.get('/test/duplicate', async () => database.db.insert(users).values({ username: USERNAME, passwordHash: PASSWORD }));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('log lines of a realistic run', () => {
  it('hold no post text, password, session, CSRF token, IP, IP hash or SQL parameter', async () => {
    const client = new TestClient(app, CLIENT_IP);
    const headers = { 'x-forwarded-for': CLIENT_IP };
    const registered = await client.request('POST', '/api/register', { body: { username: USERNAME, password: PASSWORD }, headers });
    expect(registered.statusCode).toBe(201);
    expect((await client.request('POST', '/api/logout', { headers })).statusCode).toBeLessThan(300);
    const login = await client.request('POST', '/api/login', { body: { username: USERNAME, password: PASSWORD }, headers });
    expect(login.statusCode).toBe(200);
    const wrongPassword = await new TestClient(app, CLIENT_IP).request('POST', '/api/login', { body: { username: USERNAME, password: `${PASSWORD}x` }, headers });
    expect(wrongPassword.statusCode).toBe(401);

    const { id: boardId } = (await client.get('/api/boards/g')).json() as { id: number };
    const thread = await client.request('POST', '/api/threads', { body: { boardId, title: 'A canary thread', content: `Text: ${POST_CANARY}`, isAnonymous: false }, headers });
    expect(thread.statusCode).toBe(201);
    const threadId = (thread.json() as { id: number }).id;
    const reply = await client.request('POST', '/api/posts', { body: { threadId, content: `Reply: ${REPLY_CANARY}` }, headers });
    expect(reply.statusCode).toBe(201);
    // A search carries words in its query string.
    expect((await client.get(`/api/search?query=${REPLY_CANARY}`, headers)).statusCode).toBe(200);

    expect((await client.get('/test/bad-cast', headers)).statusCode).toBe(500);
    expect((await client.get('/test/duplicate', headers)).statusCode).toBe(500);
    // A background job's failure goes to the process logger itself.
    const jobError = await database.db.execute(sql`SELECT ${REPLY_CANARY}::int`).catch((error: unknown) => error);
    processLogger.warn({ err: jobError, job: 'test' }, 'background job failed');
    processLogger.warn({ error: jobError }, 'logged under another key');

    const sessionId = client.cookies.get('hb_session');
    const csrfToken = client.csrfToken;
    const [row] = await database.db.select({ ipHash: threads.ipHash }).from(threads).where(sql`${threads.id} = ${threadId}`);
    expect(sessionId && csrfToken && row?.ipHash).toBeTruthy();

    const output = lines.join('');
    for (const [what, canary] of Object.entries({
      'post text': POST_CANARY,
      'reply text': REPLY_CANARY,
      password: PASSWORD,
      'session id': sessionId!,
      'CSRF token': csrfToken!,
      'client IP': CLIENT_IP,
      'IP hash': row!.ipHash!,
    })) {
      const leaks = lines.filter((line) => line.includes(canary));
      expect(leaks, `${what} in the logs:\n${leaks.join('')}`).toEqual([]);
    }
    expect(output).not.toMatch(/params|parameters|"detail"/);

    // The run was logged: an access line per request with its id, and the failures with what helps (code, constraint).
    type Logged = { code?: string; constraint?: string; stack?: string; cause?: Logged };
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown> & { err?: Logged });
    // drizzle wraps PostgreSQL's error: the code is the cause's.
    const codeOf = (err: Logged | undefined) => err?.code ?? err?.cause?.code;
    const access = parsed.filter((line) => line.msg === 'request completed');
    expect(access.length).toBeGreaterThanOrEqual(10);
    for (const line of access) expect(line).toMatchObject({ level: 30, reqId: expect.any(String), method: expect.any(String), path: expect.any(String), statusCode: expect.any(Number) });
    const failures = parsed.filter((line) => line.msg === 'request failed');
    expect(failures.map((line) => codeOf(line.err)).sort()).toEqual(['22P02', '23505']);
    const duplicate = failures.find((line) => codeOf(line.err) === '23505')!.err!;
    expect(duplicate.stack).toContain('    at ');
    expect(duplicate.cause).toMatchObject({ constraint: 'users_username_lower_idx' });
    for (const line of failures) expect(line.reqId).toEqual(expect.any(String));
    expect(codeOf(parsed.find((line) => line.msg === 'background job failed')?.err)).toBe('22P02');
  });

  it('honours the level: at warn, no access lines', async () => {
    const quiet: string[] = [];
    const quietApp = await buildApp({ config: testConfig({ logLevel: 'warn' }), database, logger: createLogger('warn', false, { write: (line: string) => void quiet.push(line) }) });
    await quietApp.ready();
    try {
      expect((await quietApp.inject({ method: 'GET', url: '/api/boards' })).statusCode).toBe(200);
      expect(quiet).toEqual([]);
    } finally {
      await quietApp.close();
    }
  });
});
