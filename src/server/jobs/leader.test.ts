import pg from 'pg';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { type Job, startJobs } from './index.js';

// Two instances' job runners on one database: only the holder of the advisory lock runs passes.
const t = useTestApp();
const logger = pino({ level: 'silent' });
const CHECK_MS = 100;

type Runner = ReturnType<typeof startJobs> & { passes: number };
const runners: Runner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});

/** An instance's job runner with one job that counts its passes. */
function instance(): Runner {
  const counting: Job = { name: 'count', everyMs: 50, run: async () => void runner.passes++ };
  const runner = Object.assign(startJobs({ db: t.database.db, logger, connectionString: t.url, list: [counting], checkEveryMs: CHECK_MS }), { passes: 0 });
  runners.push(runner);
  return runner;
}

const until = async (condition: () => boolean, what: string) => {
  for (let waited = 0; !condition(); waited += 25) {
    if (waited > 10_000) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('background jobs on several instances', () => {
  it('run on the lock holder only; when it stops, the other instance takes over', async () => {
    const first = instance();
    await until(() => first.passes >= 2, 'the first instance runs passes');
    const second = instance();
    await sleep(CHECK_MS * 5);
    expect(first.leading).toBe(true);
    expect(second.leading).toBe(false);
    expect(second.passes).toBe(0);

    await first.stop();
    const firstPasses = first.passes;
    await until(() => second.passes >= 2, 'the second instance takes over');
    expect(second.leading).toBe(true);
    expect(first.passes).toBe(firstPasses);
  });

  it('move to another instance when the holder dies (its connection is gone), and the old holder does not run them again', async () => {
    const first = instance();
    await until(() => first.leading, 'the first instance holds the lock');
    const second = instance();
    await sleep(CHECK_MS * 3);
    expect(second.passes).toBe(0);

    // What a killed process leaves behind: PostgreSQL ends its connection and its transaction.
    const admin = new pg.Client({ connectionString: t.url });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'hushboard-jobs' AND state = 'idle in transaction'",
      );
      expect(rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    await until(() => second.leading && second.passes >= 2, 'the second instance takes over');
    await until(() => !first.leading, 'the first instance notices');
    const firstPasses = first.passes;
    await sleep(CHECK_MS * 5);
    expect(first.passes).toBe(firstPasses);
    expect(first.leading).toBe(false);
  });
});
