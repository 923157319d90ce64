// Canary for named-statement.ts: it turns a drizzle `sql` statement into SQL text with
// drizzle's PgDialect, outside drizzle's public query API. When a bump changes that, a test
// here fails and says what; the module's header says what to do then.
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../test/app.js';
import { createDatabase, type Database } from './client.js';
import { queryNamed } from './named-statement.js';
import { users } from './schema.js';

describe('drizzle internals named-statement.ts relies on', () => {
  it("PgDialect.sqlToQuery gives { sql, params } with $n placeholders and the dialect's snake_case columns", () => {
    const dialect = new PgDialect({ casing: 'snake_case' });
    expect(typeof dialect.sqlToQuery, 'PgDialect has no sqlToQuery any more').toBe('function');
    const query = dialect.sqlToQuery(sql`SELECT ${users.passwordHash} FROM ${users} WHERE ${users.id} = ${7} AND ${users.username} = ${'ann'}`);
    expect(query, 'sqlToQuery no longer writes what pool.query expects').toEqual({
      sql: 'SELECT "users"."password_hash" FROM "users" WHERE "users"."id" = $1 AND "users"."username" = $2',
      params: [7, 'ann'],
      typings: expect.anything(),
    });
  });
});

describe('queryNamed, on a real PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = createDatabase(await createTestDatabaseUrl(), { warn() {} }, { max: 1 });
  });
  afterAll(() => database.close());

  it('runs the statement as a named prepared statement, once per text, and returns its rows', async () => {
    const statement = (n: number) => sql`SELECT ${n}::int + 1 AS next, 'canary' AS "named"`;
    expect(await queryNamed(database.pool, statement(1))).toEqual([{ next: 2, named: 'canary' }]);
    expect(await queryNamed(database.pool, statement(41))).toEqual([{ next: 42, named: 'canary' }]);
    // One connection: the statement was prepared on it, under one name.
    const { rows } = await database.pool.query<{ name: string }>(`SELECT name FROM pg_prepared_statements WHERE statement LIKE '%''canary'' AS "named"%'`);
    expect(rows, 'PostgreSQL holds no named statement for the text: queryNamed runs it unprepared').toEqual([{ name: expect.stringMatching(/^named_\d+$/) }]);
  });
});
