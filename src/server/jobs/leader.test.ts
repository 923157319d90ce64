import { type ChildProcess, spawn } from 'node:child_process';
import pg from 'pg';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { projectRoot } from '../lib/paths.js';
import { useTestApp } from '../test/app.js';
import { type Job, startJobs } from './index.js';
import { JOBS_LOCK } from './leader.js';

// Two instances' job runners on one database: only the holder of the advisory lock runs passes.
const t = useTestApp();
const logger = pino({ level: 'silent' });
const CHECK_MS = 100;

type Runner = ReturnType<typeof startJobs> & { passes: number };
const runners: Runner[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});

/** An instance's job runner with one job that counts its passes. */
function instance(): Runner {
  const counting: Job = { name: 'count', everyMs: 50, run: async () => void runner.passes++ };
  const runner = Object.assign(startJobs({ db: t.database.db, logger, connectionString: t.url, list: [counting], checkEveryMs: CHECK_MS }), { passes: 0 });
  runners.push(runner);
  return runner;
}

/** An instance in a process of its own, which the test can kill; it prints a line per pass. */
function instanceProcess() {
  const code = `
    import pino from 'pino';
    import { createDatabase } from './src/server/db/client.ts';
    import { startJobs } from './src/server/jobs/index.ts';
    const database = createDatabase(process.env.JOBS_TEST_URL, { warn() {} });
    const job = { name: 'count', everyMs: 50, run: async () => void process.stdout.write('pass\\n') };
    startJobs({ db: database.db, logger: pino({ level: 'silent' }), connectionString: process.env.JOBS_TEST_URL, list: [job], checkEveryMs: ${CHECK_MS} });
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: projectRoot,
    env: { ...process.env, JOBS_TEST_URL: t.url },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  children.push(child);
  return { process: child, passes: () => output.split('\n').filter((line) => line === 'pass').length };
}

const until = async (condition: () => boolean, what: string) => {
  for (let waited = 0; !condition(); waited += 25) {
    if (waited > 20_000) throw new Error(`timed out waiting until ${what}`);
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

  it('move to another instance when the holder’s process is killed', async () => {
    const child = instanceProcess();
    await until(() => child.passes() >= 2, 'the process runs passes');
    const second = instance();
    await sleep(CHECK_MS * 5);
    expect(second.passes).toBe(0);

    // PostgreSQL sees the connection close and ends the transaction: the lock is free.
    child.process.kill('SIGKILL');
    await until(() => second.leading && second.passes >= 2, 'the second instance takes over');
  });

  it('a holder whose connection breaks gives the lead up at once; one instance leads again', async () => {
    const first = instance();
    await until(() => first.leading, 'the first instance holds the lock');
    const second = instance();
    await sleep(CHECK_MS * 3);

    const admin = new pg.Client({ connectionString: t.url });
    await admin.connect();
    try {
      // The backend holding the lock (a bigint key below 2^32: classid 0, objid the key).
      const { rowCount } = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_locks
          WHERE locktype = 'advisory' AND granted AND classid = 0 AND objid = $1 AND objsubid = 1
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        [JOBS_LOCK],
      );
      expect(rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    // The first learns at its next check, and either instance may take the lock next.
    await until(() => (first.leading || second.leading) && first.leading !== second.leading, 'one instance leads again');
    const follower = first.leading ? second : first;
    const followerPasses = follower.passes;
    await sleep(CHECK_MS * 5);
    expect(first.leading !== second.leading).toBe(true);
    expect(follower.passes).toBe(followerPasses);
  });
});
