// The hot reads are named prepared statements (queries.ts): after five executions
// PostgreSQL may switch a statement to its generic plan, made without the parameters'
// values. A shape whose generic plan is wrong for some values costs nothing in a small
// test and everything in production (issue 17: a 1-post thread went from 0.13 ms to 34 ms
// once one 42,000-post thread existed, its generic plan walking posts_pkey). So this file
// builds the lopsided table, runs each statement past the switch, and reads the plans
// PostgreSQL would use: the generic one, the one it chose, and the custom one for the big
// thread. Plans, not timings: nothing here depends on the machine's speed. Works on
// PostgreSQL 15 (no EXPLAIN (GENERIC_PLAN) there: plan_cache_mode forces the generic plan).
import { Placeholder, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../db/client.js';
import { createTestDatabaseUrl } from '../../test/app.js';
import { findThread, findThreadPage, findThreadPosts, hotReadNames, hotReadQueries, type ThreadOrder } from './queries.js';

const BIG_THREAD_POSTS = 50_000;
const orders: ThreadOrder[] = ['activity', 'newest', 'popular'];

let database: Database;
let connection: pg.PoolClient;
let bigThread: number;
let smallThread: number;
let emptyThread: number;
/** A post half-way through the big thread: `?after=` paging from there. */
let bigThreadMiddle: number;

beforeAll(async () => {
  // One connection: the statements the app prepares are the ones explained below.
  database = createDatabase(await createTestDatabaseUrl(), { warn() {} }, { max: 1 });
  const run = (text: string) => database.pool.query(text);
  await run(`INSERT INTO users (username, password_hash) SELECT 'planner' || g, 'x' FROM generate_series(1, 50) g`);
  // A lopsided board: 'g' holds 3,000 threads (a few sticky), the other boards a handful;
  // ten threads have one reply each, one has 50,000.
  await run(`INSERT INTO threads (board_id, user_id, title, content, is_sticky, bumped_at, created_at, hot_score)
    SELECT (SELECT id FROM boards WHERE code = 'g'), 1 + g % 50, 'thread ' || g, 'text', g % 500 = 0,
           now() - g * interval '1 minute', now() - g * interval '1 minute', g % 97
    FROM generate_series(1, 3000) g`);
  await run(`INSERT INTO threads (board_id, title, content) SELECT b.id, 'small ' || b.code, 'text' FROM boards b WHERE b.code <> 'g'`);
  const { rows: small } = await run(`SELECT id FROM threads ORDER BY id DESC LIMIT 11`);
  const ids = small.map((row: { id: number }) => row.id);
  [bigThread, smallThread, emptyThread] = [ids[0]!, ids[1]!, ids[10]! - 1];
  await run(`INSERT INTO posts (thread_id, user_id, content) SELECT id, 1, 'one reply' FROM threads WHERE id IN (${ids.slice(1).join(',')})`);
  await run(`INSERT INTO posts (thread_id, user_id, content) SELECT ${bigThread}, 1 + g % 50, 'reply ' || g FROM generate_series(1, ${BIG_THREAD_POSTS}) g`);
  await run(`UPDATE threads SET reply_count = ${BIG_THREAD_POSTS} WHERE id = ${bigThread}`);
  await run('ANALYZE');
  bigThreadMiddle = (await run(`SELECT id FROM posts WHERE thread_id = ${bigThread} ORDER BY id OFFSET ${BIG_THREAD_POSTS / 2} LIMIT 1`)).rows[0].id;

  // Past the switch: PostgreSQL weighs the generic plan after five custom ones.
  for (let i = 0; i < 8; i++) {
    expect(await findThreadPosts(database.db, smallThread, 0, 100)).toHaveLength(1);
    await findThreadPosts(database.db, emptyThread, 0, 100);
    await findThread(database.db, smallThread);
    for (const order of orders) {
      await findThreadPage(database.db, order, { boardCode: i % 2 ? 'g' : 'tv', limit: 10, offset: 0 });
      await findThreadPage(database.db, order, { limit: 10, offset: 0 });
    }
  }
  connection = await database.pool.connect();
}, 120_000);

afterAll(async () => {
  connection?.release();
  await database?.close();
});

/** The statement's parameters in the order drizzle numbers them, as SQL literals. */
function argumentsOf(query: { toSQL(): { params: unknown[] } }, values: Record<string, number | string>): string {
  return query
    .toSQL()
    .params.map((param) => {
      const value = param instanceof Placeholder ? values[param.name] : param;
      if (value === undefined) throw new Error(`no value for ${String((param as Placeholder).name)}`);
      return typeof value === 'number' ? String(value) : connection.escapeLiteral(String(value));
    })
    .join(', ');
}

type Mode = 'auto' | 'force_generic_plan' | 'force_custom_plan';

async function plan(name: string, query: { toSQL(): { sql: string; params: unknown[] } } | SQL, values: Record<string, number | string>, mode: Mode): Promise<string> {
  await connection.query(`SET plan_cache_mode = ${mode}`);
  try {
    const { rows } = await connection.query<{ 'QUERY PLAN': string }>(`EXPLAIN (COSTS OFF) EXECUTE ${name}(${argumentsOf(query as never, values)})`);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await connection.query('RESET plan_cache_mode');
  }
}

describe('named statements keep a plan that fits any thread, with a 50,000-post thread in the table', () => {
  it('were prepared on the connection and run past the generic-plan switch', async () => {
    const { rows } = await connection.query<{ name: string; n: string }>(
      `SELECT name, generic_plans + custom_plans AS n FROM pg_prepared_statements WHERE name IN ('thread_posts', 'thread_by_id', 'board_page_activity')`,
    );
    expect(rows.map((row) => row.name).sort()).toEqual(['board_page_activity', 'thread_by_id', 'thread_posts']);
    for (const row of rows) expect(Number(row.n), row.name).toBeGreaterThan(5);
  });

  it.each<[string, Mode, () => number, () => number]>([
    ['a 1-post thread, generic plan', 'force_generic_plan', () => smallThread, () => 0],
    ['a 1-post thread, the plan PostgreSQL picks', 'auto', () => smallThread, () => 0],
    ['an empty thread, generic plan', 'force_generic_plan', () => emptyThread, () => 0],
    ['the 50,000-post thread, custom plan', 'force_custom_plan', () => bigThread, () => 0],
    ['the 50,000-post thread, generic plan', 'force_generic_plan', () => bigThread, () => 0],
    ['the 50,000-post thread from its middle, custom plan', 'force_custom_plan', () => bigThread, () => bigThreadMiddle],
    ['the 50,000-post thread from its middle, generic plan', 'force_generic_plan', () => bigThread, () => bigThreadMiddle],
  ])("thread posts, %s: read from the (thread_id, id) index in order, never by walking posts' primary key", async (_, mode, thread, after) => {
    const query = hotReadQueries(database.db).threadPosts;
    const explained = await plan(hotReadNames.threadPosts, query, { threadId: thread(), afterId: after(), limit: 101 }, mode);
    expect(explained).toMatch(/Index Scan using posts_thread_idx on posts/);
    expect(explained).not.toMatch(/posts_pkey|Seq Scan on posts|Sort/);
  });

  it('the thread itself is read by its primary key', async () => {
    const explained = await plan(hotReadNames.thread, hotReadQueries(database.db).thread, { id: smallThread }, 'force_generic_plan');
    expect(explained).toMatch(/Index Scan using threads_pkey on threads/);
  });

  const boardIndex: Record<ThreadOrder, string> = { activity: 'threads_board_bump_idx', newest: 'threads_board_created_idx', popular: 'threads_board_hot_idx' };
  it.each(orders.flatMap((order) => (['g', 'tv'] as const).flatMap((board) => (['force_generic_plan', 'auto'] as const).map((mode) => [order, board, mode] as const))))(
    'board page by %s on /%s/ (%s): sticky first, read in order from the board index, no sort',
    async (order, board, mode) => {
      const query = hotReadQueries(database.db).boardPage[order];
      const explained = await plan(hotReadNames.boardPage(order), query, { boardCode: board, limit: 10, offset: 0 }, mode);
      expect(explained).toMatch(new RegExp(`Index Scan using ${boardIndex[order]} on threads`));
      expect(explained).not.toMatch(/Seq Scan on threads|Sort/);
    },
  );

  const feedIndex: Partial<Record<ThreadOrder, string>> = { newest: 'threads_recent_idx', popular: 'threads_hot_idx' };
  it.each(Object.entries(feedIndex))('the %s feed reads %s in order', async (order, index) => {
    const query = hotReadQueries(database.db).feed[order as ThreadOrder];
    const explained = await plan(hotReadNames.feed(order as ThreadOrder), query, { limit: 10, offset: 0 }, 'force_generic_plan');
    expect(explained).toMatch(new RegExp(`Index Scan using ${index} on threads`));
    expect(explained).not.toMatch(/Seq Scan on threads|Sort/);
  });
});
