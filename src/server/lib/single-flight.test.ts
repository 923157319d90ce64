import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database, queriesAbortedBy, queryContext } from '../db/client.js';
import { createTestDatabaseUrl } from '../test/app.js';
import { singleFlight } from './single-flight.js';

let database: Database;
beforeAll(async () => {
  database = createDatabase(await createTestDatabaseUrl(), { warn() {} });
});
afterAll(() => database.close());

/** A run that counts its starts and ends when told to. */
function controlledRun<T>() {
  let runs = 0;
  const pending: { resolve: (value: T) => void; reject: (error: Error) => void }[] = [];
  const run = () => {
    runs++;
    return new Promise<T>((resolve, reject) => pending.push({ resolve, reject }));
  };
  return { run, runs: () => runs, settle: () => pending.shift()! };
}

describe('singleFlight', () => {
  it('shares one run among the callers of a key while it is in flight, and runs again afterwards', async () => {
    const shared = singleFlight<string>();
    const { run, runs, settle } = controlledRun<string>();
    const first = [shared('a', run), shared('a', run), shared('a', run)];
    const other = shared('b', run);
    expect(runs()).toBe(2);
    settle().resolve('answer a');
    settle().resolve('answer b');
    expect(await Promise.all(first)).toEqual(['answer a', 'answer a', 'answer a']);
    expect(await other).toBe('answer b');
    // Nothing is kept: the next caller gets a fresh answer.
    const later = shared('a', run);
    expect(runs()).toBe(3);
    settle().resolve('newer a');
    expect(await later).toBe('newer a');
  });

  it('gives a failure to every caller waiting on it, and the next caller tries again', async () => {
    const shared = singleFlight<string>();
    const { run, runs, settle } = controlledRun<string>();
    const callers = [shared('a', run), shared('a', run)];
    settle().reject(new Error('database down'));
    for (const caller of callers) await expect(caller).rejects.toThrow('database down');
    const retry = shared('a', run);
    settle().resolve('back');
    expect(await retry).toBe('back');
    expect(runs()).toBe(2);
  });

  it('keeps the shared query running when the caller that started it goes away', async () => {
    const shared = singleFlight<unknown[]>();
    const read = async () => (await database.db.execute(sql`SELECT pg_sleep(0.4), 42 AS answer`)).rows;
    const [gone, staying] = [new AbortController(), new AbortController()];
    const first = queryContext.run(queriesAbortedBy(gone.signal), () => shared('answer', read));
    const second = queryContext.run(queriesAbortedBy(staying.signal), () => shared('answer', read));
    setTimeout(() => gone.abort(), 100);
    expect(await second).toEqual([{ pg_sleep: '', answer: 42 }]);
    expect(await first).toEqual([{ pg_sleep: '', answer: 42 }]);
  });
});
