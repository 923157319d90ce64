import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../test/app.js';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './availability.js';
import { createDatabase, type Database } from './client.js';

let database: Database;
beforeAll(async () => {
  database = createDatabase(await createTestDatabaseUrl(), { warn() {} });
});
afterAll(() => database.close());

describe('isDatabaseUnavailable', () => {
  it('knows connection failures and exhausted resources from bugs', () => {
    const pgError = (code: string) => Object.assign(new Error('x'), { code });
    for (const error of [
      new DatabaseUnavailableError('test'),
      pgError('ECONNREFUSED'),
      pgError('57P01'),
      pgError('53100'),
      new Error('timeout exceeded when trying to connect'),
      new Error('timeout expired'),
      Object.assign(new Error('Failed query'), { cause: new Error('Connection terminated unexpectedly') }),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    }
    for (const error of [pgError('23505'), pgError('42P01'), new TypeError('x is undefined')]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });
});

describe('DatabaseWatch', () => {
  it('while the database is down, refuses queries at once; then heals by itself', async () => {
    const { db, pool, watch } = database;
    await db.execute(sql`SELECT 1`);
    expect(pool.totalCount).toBeGreaterThan(0);

    // What the embedded server's supervisor does when the postmaster dies.
    watch.markDown('test');
    expect(watch.down).toBe('test');
    const started = performance.now();
    await expect(db.execute(sql`SELECT 1`)).rejects.toSatisfy(isDatabaseUnavailable);
    expect(performance.now() - started).toBeLessThan(50);
    expect(await watch.answersWithin(500)).toBe(false);
    // Every connection was cut: none is kept to fail later.
    await expect.poll(() => pool.totalCount).toBe(0);

    // The database answers the watch's next probe: served again, on new connections.
    await expect.poll(() => watch.down, { timeout: 5_000 }).toBeUndefined();
    expect((await db.execute<{ one: number }>(sql`SELECT 1 AS one`)).rows).toEqual([{ one: 1 }]);
    expect(await watch.answersWithin(500)).toBe(true);
  });

  it('does not take a slow query for a frozen database', async () => {
    const { db, watch } = database;
    await db.execute(sql`SELECT pg_sleep(1.5)`);
    expect(watch.down).toBeUndefined();
  });
});
