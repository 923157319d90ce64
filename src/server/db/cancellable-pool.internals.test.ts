// Canary for cancellable-pool.ts: it patches pg's pool and clients and relies on how pg-pool
// and drizzle use them. When a dependency bump changes any of that, a test here fails and
// says which assumption broke; the header of cancellable-pool.ts says what to do then.
// The feature's own behaviour (grace period, hand-back, rollback, no leaks) is in db.test.ts.
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../test/app.js';
import { queriesAbortedBy, queryContext } from './cancellable-pool.js';
import { createDatabase, type Database } from './client.js';

let url: string;
beforeAll(async () => {
  url = await createTestDatabaseUrl();
});

/** A plain, unpatched pool of one connection: what pg and drizzle do on their own. */
async function withPlainPool(use: (pool: pg.Pool) => Promise<void>): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await use(pool);
  } finally {
    await pool.end();
  }
}

describe('pg internals cancellable-pool.ts relies on', () => {
  it("a pooled client's socket is client.connection.stream, a net.Socket with destroy()", async () => {
    await withPlainPool(async (pool) => {
      const client = await pool.connect();
      try {
        const connection = (client as unknown as { connection?: { stream?: unknown } }).connection;
        expect(connection, 'pg.Client#connection is gone: the cut (cutNow) cannot reach the socket').toBeDefined();
        expect(connection!.stream, 'pg Connection#stream is no longer a net.Socket: the cut (cutNow) destroys the wrong thing').toBeInstanceOf(net.Socket);
      } finally {
        client.release();
      }
    });
  });

  it("client.query is a method the 'connect' listener can replace before the client's first query", async () => {
    await withPlainPool(async (pool) => {
      const seen: unknown[] = [];
      pool.on('connect', (client) => {
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        client.query = ((...args: unknown[]) => {
          seen.push(args[0]);
          return query(...args);
        }) as typeof client.query;
      });
      await pool.query('SELECT 1 AS one');
      expect(seen, "pg-pool no longer emits 'connect' before a new client's first query, or pool.query bypasses client.query").toEqual(['SELECT 1 AS one']);
    });
  });

  it('pool.query gets its client through this.connect(callback) and releases it with the query error', async () => {
    await withPlainPool(async (pool) => {
      const connectArgs: unknown[][] = [];
      const released: unknown[] = [];
      const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
      pool.connect = ((...args: unknown[]) => {
        connectArgs.push(args);
        const callback = args[0] as (error: Error | undefined, client: pg.PoolClient, done: unknown) => void;
        return connect((error: Error | undefined, client: pg.PoolClient, done: unknown) => {
          const release = client.release.bind(client);
          client.release = ((reason?: unknown) => {
            released.push(reason);
            return release(reason as Error);
          }) as typeof client.release;
          callback(error, client, done);
        });
      }) as typeof pool.connect;
      await expect(pool.query('SELECT 1/0')).rejects.toThrow(/division by zero/);
      expect(connectArgs.length, 'pool.query no longer calls pool.connect: the context re-entry and the unused hand-back never run').toBe(1);
      expect(typeof connectArgs[0]![0], 'pool.query no longer passes a callback to pool.connect: makePoolCancellable wraps that callback').toBe('function');
      expect(released, 'pool.query no longer releases its client with the query error: the hand-back of an unused client may now be unneeded, or wrong').toEqual([expect.objectContaining({ message: 'division by zero' })]);
    });
  });
});

describe('drizzle internals cancellable-pool.ts relies on', () => {
  it('a transaction sends "begin" and "rollback" through client.query, and a failed BEGIN never releases its client', async () => {
    await withPlainPool(async (pool) => {
      const texts: string[] = [];
      let failBegin = false;
      let pooled: pg.PoolClient | undefined;
      pool.on('connect', (client) => {
        pooled = client;
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        client.query = ((...args: unknown[]) => {
          const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
          texts.push(text);
          if (failBegin && /^begin/i.test(text)) return Promise.reject(new Error('begin refused'));
          return query(...args);
        }) as typeof client.query;
      });
      try {
        const db = drizzle({ client: pool });
        await expect(db.transaction(async () => Promise.reject(new Error('body failed')))).rejects.toThrow('body failed');
        expect(texts, 'drizzle no longer sends its transaction as "begin" ... "rollback": isBegin/isRollback in cancellable-pool.ts miss them').toEqual(['begin', 'rollback']);

        failBegin = true;
        await expect(db.transaction(async () => undefined)).rejects.toMatchObject({ cause: { message: 'begin refused' } });
        // drizzle-orm 0.45.4 runs BEGIN before its try/finally: the client stays checked out.
        expect(
          pool.idleCount,
          'drizzle now releases the client of a failed BEGIN itself: remove releaseOnFailedBegin from cancellable-pool.ts, or it releases twice',
        ).toBe(0);
      } finally {
        // The leaked client, or pool.end() would wait for it forever.
        if (pool.idleCount === 0) pooled?.release();
      }
    });
  });
});

describe('the patched pool, on a real PostgreSQL', () => {
  let database: Database;
  beforeAll(() => {
    database = createDatabase(url, { warn() {} });
  });
  afterAll(() => database.close());

  it('cuts a running query when its request goes away, and stays usable', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const query = queryContext.run(queriesAbortedBy(controller.signal), async () => await database.db.execute(sql`SELECT pg_sleep(5), 'canary' AS canary`));
    setTimeout(() => controller.abort(), 200);
    await expect(query, 'the aborted query finished: the patch no longer cancels').rejects.toBeDefined();
    expect(Date.now() - started, 'the aborted query ran to its end: the cut did not reach PostgreSQL').toBeLessThan(4000);
    const running = async () => (await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep(5), ''canary''%' AND state = 'active'`)).rows[0]!.n;
    await expect.poll(running, { timeout: 3000, message: 'PostgreSQL still runs the cut query' }).toBe(0);
    expect((await database.db.execute(sql`SELECT 1 AS one`)).rows).toEqual([{ one: 1 }]);
  });
});
