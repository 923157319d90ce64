/**
 * SPEED TRICK, fenced: a drizzle `sql` statement run as a named prepared statement, which
 * drizzle's public API offers for query builders (.prepare(name)) but not for `sql`
 * templates (db.execute).
 *
 * Why, and what it measured (git log: 81fc956, 40f7e51, b9cd2b0): planning search's CTEs
 * took twice as long as running them (the search mix at 1M posts went from 265 to 345
 * req/s at 50 connections); building and planning the reply statement each time cost ~15%
 * of the reply rate (243/300/309 -> 301/335/350 replies/s).
 *
 * What it depends on (pinned in package.json): drizzle-orm@0.45.4's PgDialect (exported
 * from drizzle-orm/pg-core) and its sqlToQuery(sql) -> { sql, params } with $n
 * placeholders and the casing the dialect was made with, which must be the app's
 * (client.ts: snake_case); pg@8.23.1's query config { name, text, values }.
 * named-statement.internals.test.ts checks both, and that PostgreSQL keeps the statement.
 *
 * When it breaks: run the statement with `db.execute(query)` (public; planned on every
 * call, and rows come back as drizzle returns them) or, if drizzle gains a public
 * name for `sql` statements, use that.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';

// The app's casing (db/client.ts), for statements that name drizzle columns.
const dialect = new PgDialect({ casing: 'snake_case' });
/** Statement names by text, for the whole process: one name always means one text on every connection. */
const names = new Map<string, string>();

/**
 * Runs a drizzle `sql` statement as a named prepared statement, which db.execute cannot:
 * each connection plans each distinct text once instead of on every call. Worth it for
 * large statements on hot paths (search's CTEs, a reply's write); the rows come back as
 * node-postgres parses them (timestamps as Date), under the names the statement gives.
 */
export async function queryNamed<T>(pool: pg.Pool, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = names.get(text);
  if (!name) names.set(text, (name = `named_${names.size + 1}`));
  const result = await pool.query({ name, text, values: params });
  return result.rows as T[];
}
