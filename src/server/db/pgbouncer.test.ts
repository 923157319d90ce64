// Every query through PgBouncer in transaction mode (CONTRACT.md section 1; Debian's
// pgbouncer 1.18, which keeps no prepared statements across server connections): with
// DATABASE_POOL_MODE=transaction the app names no statement and sends no session setting,
// and what needs a session (migrations' lock, LISTEN) takes DATABASE_DIRECT_URL.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.js';
import { startJobs } from '../jobs/index.js';
import { TestClient, testConfig } from '../test/app.js';
import { withDatabase } from '../test/global-setup.js';
import { PGBOUNCER_MISSING, pgbouncerBinary, startTestPgBouncer, type TestPgBouncer } from '../test/pgbouncer.js';
import { pollUntil } from '../test/processes.js';
import { createDatabase } from './client.js';
import { type OpenDatabase, openDatabase } from './open.js';

const warnings: string[] = [];
const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) });
let bouncer: TestPgBouncer;
let directUrl: string;
let pooledUrl: string;
let database: OpenDatabase;
let app: FastifyInstance;
let base: string;

if (!pgbouncerBinary) console.warn(PGBOUNCER_MISSING);

describe.skipIf(!pgbouncerBinary)('through PgBouncer in transaction mode', () => {
  beforeAll(async () => {
    const adminUrl = inject('adminDatabaseUrl');
    // A fresh, empty database (the run's prefix: dropped with the run's others), migrated below.
    const name = `${inject('runPrefix')}_pgbouncer_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${name}"`);
      // What the README asks of an operator behind a transaction pooler: the limits as the database's settings.
      await admin.query(`ALTER DATABASE "${name}" SET statement_timeout = '10s'`);
      await admin.query(`ALTER DATABASE "${name}" SET idle_in_transaction_session_timeout = '30s'`);
      await admin.query(`ALTER DATABASE "${name}" SET client_connection_check_interval = '500ms'`);
    } finally {
      await admin.end();
    }
    directUrl = withDatabase(adminUrl, name);
    bouncer = await startTestPgBouncer(adminUrl, { poolSize: 3 });
    pooledUrl = bouncer.urlFor(directUrl);
    const config = testConfig({ databaseUrl: pooledUrl, databaseDirectUrl: directUrl, databasePoolMode: 'transaction', databasePoolSize: 8 });
    database = await openDatabase(config, logger);
    app = await buildApp({ config, database });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.shutdown();
    await bouncer?.close();
  });

  it('is what the app talks to, with the database settings in force and no warning', async () => {
    const { rows } = await database.pool.query<{ port: number; timeout: string }>("SELECT inet_server_port() AS port, current_setting('statement_timeout') AS timeout");
    expect(rows[0]!.timeout).toBe('10s');
    expect(new URL(pooledUrl).port).not.toBe(new URL(directUrl).port);
    expect(warnings.join('\n')).not.toMatch(/DATABASE_POOL_MODE/);
    // A pool that sent its session settings would not even connect.
    const unsuitable = createDatabase(pooledUrl, { warn() {} }, { max: 1 });
    try {
      await expect(unsuitable.pool.query('SELECT 1')).rejects.toThrow(/unsupported startup parameter/);
    } finally {
      await unsuitable.close();
    }
  });

  it('runs the main flows: register, threads, replies, votes, search, pages and their revalidation', async () => {
    // Several users at once, so the app's connections interleave on PgBouncer's three.
    const users = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const client = new TestClient(app, `192.0.2.${30 + i}`);
        await client.register(`bouncer${i}`);
        return client;
      }),
    );
    const boardId = ((await users[0]!.get('/api/boards/g')).json() as { id: number }).id;
    for (let round = 0; round < 3; round++) {
      await Promise.all(
        users.map(async (client, i) => {
          const thread = await client.post('/api/threads', { boardId, title: `Pooled thread ${round}-${i}`, content: `Transactions shared by everyone, round ${round}` });
          expect(thread.statusCode, thread.body).toBe(201);
          const id = (thread.json() as { id: number }).id;
          const reply = await client.post('/api/posts', { threadId: id, content: `A pooled reply ${round}` });
          expect(reply.statusCode, reply.body).toBe(201);
          expect((await users[(i + 1) % users.length]!.post(`/api/threads/${id}/vote`, { voteType: 1 })).statusCode).toBe(200);
          const page = await client.get(`/api/threads/${id}`);
          expect(page.statusCode).toBe(200);
          expect((page.json() as { posts: unknown[] }).posts).toHaveLength(1);
          const search = await client.get('/api/search?query=pooled');
          expect(search.statusCode, search.body).toBe(200);
        }),
      );
    }
    const visitor = new TestClient(app, '192.0.2.99');
    for (const url of ['/api/boards/g/threads', '/api/threads/simple-recent', `/api/threads/1`]) {
      const first = await visitor.get(url);
      expect(first.statusCode, url).toBe(200);
      for (let i = 0; i < 3; i++) expect((await visitor.get(url, { 'if-none-match': String(first.headers.etag) })).statusCode, url).toBe(304);
    }
    const found = (await visitor.get('/api/search?query=pooled')).json() as { threads?: unknown[] } | unknown[];
    expect(JSON.stringify(found)).toContain('Pooled thread');
    expect((await users[0]!.get('/api/user')).statusCode).toBe(200);
    expect((await users[0]!.post('/api/logout')).statusCode).toBe(204);
  });

  it('hears live updates on the direct connection', async () => {
    const author = new TestClient(app, '192.0.2.50');
    await author.register('bouncerlive');
    const boardId = ((await author.get('/api/boards/g')).json() as { id: number }).id;
    const thread = (await author.post('/api/threads', { boardId, title: 'Watched through the pooler', content: 'Waiting for replies' })).json() as { id: number };
    const controller = new AbortController();
    const stream = await fetch(`${base}/api/events?thread=${thread.id}`, { signal: controller.signal });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const heard = (async () => {
      while (!text.includes('event: post')) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
    })();
    await app.services.liveEvents.ensureListening();
    expect((await author.post('/api/posts', { threadId: thread.id, content: 'A reply to be heard' })).statusCode).toBe(201);
    await Promise.race([heard, new Promise((resolve) => setTimeout(resolve, 5000))]);
    controller.abort();
    expect(text).toContain('event: post');
  });

  it('runs the background jobs, their lock held through PgBouncer', async () => {
    const ran: string[] = [];
    const jobs = startJobs({
      db: database.db,
      logger,
      connectionString: pooledUrl,
      checkEveryMs: 200,
      list: [
        { name: 'expired-sessions', everyMs: 60_000, run: async (db) => ran.push(`expired-sessions:${await (await import('../plugins/session.js')).deleteExpiredSessions(db)}`) },
        { name: 'ip-hash-erasure', everyMs: 60_000, run: async (db) => ran.push(`ip-hash-erasure:${JSON.stringify(await (await import('../jobs/ip-hash-erasure.js')).eraseOldIpHashes(db))}`) },
        { name: 'event-log-prune', everyMs: 60_000, run: async (db) => ran.push(`event-log-prune:${await (await import('../modules/events/index.js')).pruneEventLog(db)}`) },
      ],
    });
    try {
      await pollUntil(() => ran.length === 3, 15_000, () => `jobs ran: ${ran.join(', ')}; warnings: ${warnings.join('\n')}`);
      expect(jobs.leading).toBe(true);
      expect(warnings.join('\n')).not.toMatch(/background job failed/);
    } finally {
      await jobs.stop();
    }
  });
});
