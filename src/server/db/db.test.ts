import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../test/app.js';
import { createDatabase, CUT_GRACE_MS, type Database, queriesAbortedBy, QueryAbortedError, queryContext } from './client.js';
import { boards, cryptoTips, followers, paymentTransactions, posts, premiumAccesses, threads, users, votes } from './schema.js';

let database: Database;
let userA: number;
let userB: number;
let threadId: number;
let postId: number;

beforeAll(async () => {
  database = createDatabase(await createTestDatabaseUrl(), { warn() {} });
  const { db } = database;
  const [a, b] = await db
    .insert(users)
    .values([
      { username: 'dbAlice', passwordHash: 'x' },
      { username: 'dbBob', passwordHash: 'x' },
    ])
    .returning();
  userA = a!.id;
  userB = b!.id;
  const [board] = await db.select().from(boards).limit(1);
  const [thread] = await db.insert(threads).values({ boardId: board!.id, title: 'Title', content: 'Content here' }).returning();
  threadId = thread!.id;
  const [post] = await db.insert(posts).values({ threadId, content: 'A reply' }).returning();
  postId = post!.id;
});

afterAll(() => database.close());

const pgCode = (error: unknown) => ((error as { cause?: { code?: string } }).cause ?? (error as { code?: string })).code;

async function expectViolation(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the database should refuse this').toBeDefined();
  expect(pgCode(error)).toBe(code);
}

describe('constraints that keep data honest', () => {
  it('usernames are unique whatever the letter case', async () => {
    await expectViolation(database.db.insert(users).values({ username: 'DBALICE', passwordHash: 'x' }), '23505');
  });

  it('one vote per voter tag per thread and per post, 1 or -1 only, one target', async () => {
    const { db } = database;
    const [voterA, voterB] = ['a'.repeat(32), 'b'.repeat(32)];
    await db.insert(votes).values({ voterTag: voterA, threadId, voteType: 1 });
    await expectViolation(db.insert(votes).values({ voterTag: voterA, threadId, voteType: -1 }), '23505');
    await db.insert(votes).values({ voterTag: voterA, postId, voteType: -1 });
    await expectViolation(db.insert(votes).values({ voterTag: voterA, postId, voteType: 1 }), '23505');
    await expectViolation(db.insert(votes).values({ voterTag: voterB, threadId, voteType: 2 }), '23514');
    await expectViolation(db.insert(votes).values({ voterTag: voterB, threadId, postId, voteType: 1 }), '23514');
  });

  it('one follow per pair, and nobody follows themselves', async () => {
    const { db } = database;
    await db.insert(followers).values({ followerId: userA, followingId: userB });
    await expectViolation(db.insert(followers).values({ followerId: userA, followingId: userB }), '23505');
    await expectViolation(db.insert(followers).values({ followerId: userB, followingId: userB }), '23514');
  });

  it('a transaction hash pays for one thing only, across tips and purchases', async () => {
    const { db } = database;
    const txHash = `0x${'ab'.repeat(32)}`;
    await db.transaction(async (tx) => {
      await tx.insert(paymentTransactions).values({ txHash, kind: 'tip', userId: userA });
      await tx.insert(cryptoTips).values({ txHash, amount: '0.01', currency: 'ETH', fromUserId: userA, threadId, recipientAddress: '0x0' });
    });
    await expectViolation(db.insert(paymentTransactions).values({ txHash, kind: 'premium_access', userId: userB }), '23505');
    // Without the ledger row a purchase cannot reference the hash at all.
    await expectViolation(
      db.insert(premiumAccesses).values({ txHash: `0x${'cd'.repeat(32)}`, userId: userB, threadId, amount: '0.01', currency: 'ETH' }),
      '23503',
    );
  });

  it('deleting a thread removes its posts and votes with it', async () => {
    const { db } = database;
    const [board] = await db.select().from(boards).limit(1);
    const [thread] = await db.insert(threads).values({ boardId: board!.id, title: 'Gone', content: 'Soon gone' }).returning();
    const [post] = await db.insert(posts).values({ threadId: thread!.id, content: 'bye' }).returning();
    await db.insert(votes).values({ userId: userB, postId: post!.id, voteType: 1 });
    await db.execute(sql`DELETE FROM threads WHERE id = ${thread!.id}`);
    const left = await db.execute(sql`SELECT (SELECT count(*) FROM posts WHERE thread_id = ${thread!.id})::int AS posts, (SELECT count(*) FROM votes WHERE post_id = ${post!.id})::int AS votes`);
    expect(left.rows[0]).toEqual({ posts: 0, votes: 0 });
  });
});

/**
 * A database of one connection, so queries queue for it, and the pid of its backend:
 * the same pid afterwards means the connection was kept, not cut and reopened.
 */
async function withOneConnection(use: (single: Database, backend: () => Promise<number>) => Promise<void>): Promise<void> {
  const single = createDatabase(await createTestDatabaseUrl(), { warn() {} }, { max: 1 });
  try {
    await use(single, async () => (await single.db.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`)).rows[0]!.pid);
  } finally {
    await single.close();
  }
}

describe('queries of an abandoned request', () => {
  it('are stopped in PostgreSQL when the request is aborted', async () => {
    const controller = new AbortController();
    const started = Date.now();
    // Drizzle queries are lazy thenables: they must be awaited inside the context, as handlers do.
    const query = queryContext.run(queriesAbortedBy(controller.signal), async () => await database.db.execute(sql`SELECT pg_sleep(5)`));
    setTimeout(() => controller.abort(), 200);
    const error = await query.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeDefined();
    expect(Date.now() - started).toBeLessThan(4000);
    const running = async () =>
      (await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE 'SELECT pg_sleep(5)%'`)).rows[0]!.n;
    await expect.poll(running, { timeout: 3000 }).toBe(0);
    // The pool is healthy afterwards.
    expect((await database.db.execute(sql`SELECT 1 AS one`)).rows).toEqual([{ one: 1 }]);
  });

  it('run in their own request context when the pool hands them a client another request released', async () => {
    // The second request waits in the pool's queue and gets the client from the first one's release.
    await withOneConnection(async (single) => {
      const [first, second] = [new AbortController(), new AbortController()];
      const firstQuery = queryContext.run(queriesAbortedBy(first.signal), async () => await single.db.execute(sql`SELECT pg_sleep(0.2)`));
      const secondQuery = queryContext.run(queriesAbortedBy(second.signal), async () => await single.db.execute(sql`SELECT pg_sleep(0.6), 1 AS done`));
      await firstQuery;
      // The first request goes away while the second one's query runs: only the first one's queries may be cut.
      setTimeout(() => first.abort(), 150);
      expect((await secondQuery).rows).toEqual([{ pg_sleep: '', done: 1 }]);
    });
  });

  it('are left to finish on their connection when they end within the grace period', async () => {
    await withOneConnection(async (single, backend) => {
      const before = await backend();
      const controller = new AbortController();
      const query = queryContext.run(queriesAbortedBy(controller.signal), async () => await single.db.execute(sql`SELECT pg_sleep(${CUT_GRACE_MS / 4000}), 1 AS done`));
      setTimeout(() => controller.abort(), 5);
      expect((await query).rows).toEqual([{ pg_sleep: '', done: 1 }]);
      // The same connection: no reconnect was paid for a query about to end anyway.
      expect(await backend()).toBe(before);
    });
  });

  it('hand back the connection unused when the request left while they waited for one', async () => {
    await withOneConnection(async (single, backend) => {
      const before = await backend();
      const busy = single.db.execute(sql`SELECT pg_sleep(0.2)`);
      const controller = new AbortController();
      const waiting = queryContext
        .run(queriesAbortedBy(controller.signal), async () => await single.db.execute(sql`SELECT 1`))
        .then(() => undefined, (e: unknown) => e);
      controller.abort();
      await busy;
      expect(((await waiting) as { cause?: unknown }).cause).toBeInstanceOf(QueryAbortedError);
      expect(await backend()).toBe(before);
    });
  });

  it('roll back a transaction the request left between two statements, and keep nothing of it', async () => {
    await withOneConnection(async (single) => {
      const controller = new AbortController();
      const transaction = queryContext
        .run(queriesAbortedBy(controller.signal), async () =>
          single.db.transaction(async (tx) => {
            await tx.insert(users).values({ username: 'dbLeftMidway', passwordHash: 'x' });
            controller.abort();
            await tx.execute(sql`SELECT 1`);
          }),
        )
        .then(() => undefined, (e: unknown) => e);
      expect(await transaction).toBeDefined();
      // The connection went back to the pool outside any transaction, and the insert is gone.
      const [state] = (await single.db.execute<{ inTransaction: boolean }>(sql`SELECT xact_start < statement_timestamp() AS "inTransaction" FROM pg_stat_activity WHERE pid = pg_backend_pid()`)).rows;
      expect(state).toEqual({ inTransaction: false });
      expect(await single.db.$count(users, sql`username = 'dbLeftMidway'`)).toBe(0);
    });
  });

  it('are not sent at all once the request is gone', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await queryContext
      .run(queriesAbortedBy(controller.signal), async () => await database.db.execute(sql`SELECT 1`))
      .then(() => undefined, (e: unknown) => e);
    expect((error as { cause?: unknown }).cause).toBeInstanceOf(QueryAbortedError);
  });

  it('never leak a pool connection, even when the transaction cannot begin', async () => {
    // More abandoned transactions than the pool has connections: a leak would exhaust it.
    for (let i = 0; i < 15; i++) {
      const controller = new AbortController();
      controller.abort();
      await queryContext
        .run(queriesAbortedBy(controller.signal), async () => await database.db.transaction(async (tx) => tx.execute(sql`SELECT 1`)))
        .then(() => undefined, () => undefined);
    }
    expect(database.pool.totalCount - database.pool.idleCount).toBe(0);
    expect((await database.db.transaction(async (tx) => tx.execute(sql`SELECT 2 AS two`))).rows).toEqual([{ two: 2 }]);
  });
});
