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
