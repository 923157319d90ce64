import type { Logger } from 'pino';
import type { Chains } from '../chain/clients.js';
import type { Db } from '../db/client.js';
import { pruneEventLog } from '../modules/events/index.js';
import { pruneSpentSolutions } from '../modules/pow/index.js';
import { deleteExpiredSessions } from '../plugins/session.js';
import { eraseOldIpHashes } from './ip-hash-erasure.js';
import { recordJobRun } from './job-runs.js';
import { holdJobLock } from './leader.js';
import { runTipVerifier, TIP_VERIFIER_EVERY_MS } from './tip-verifier.js';

export interface Job {
  name: string;
  everyMs: number;
  /** First run this long after start instead of at once. */
  firstAfterMs?: number;
  run(db: Db, context: JobContext): Promise<unknown>;
}

/** What jobs may need besides the database. */
export interface JobContext {
  chains?: Chains;
}

const jobs: Job[] = [
  { name: 'expired-sessions', everyMs: 60 * 60 * 1000, run: deleteExpiredSessions },
  // It walks every table with IP hashes (a million posts: 200 statements). A server
  // restarted under load serves first; hashes are kept for 90 days, so ten minutes later is as good.
  { name: 'ip-hash-erasure', everyMs: 24 * 60 * 60 * 1000, firstAfterMs: 10 * 60 * 1000, run: (db) => eraseOldIpHashes(db) },
  // Live-update events are kept for Last-Event-ID resume (5 minutes); each instance prunes, which costs nothing when another just did.
  { name: 'event-log-prune', everyMs: 60 * 1000, run: (db) => pruneEventLog(db) },
  // Spent proof-of-work solutions are remembered only until their challenge expires (5 minutes).
  { name: 'pow-spent-prune', everyMs: 60 * 1000, run: (db) => pruneSpentSolutions(db) },
  { name: 'tip-verifier', everyMs: TIP_VERIFIER_EVERY_MS, run: (db, { chains }) => runTipVerifier(db, chains) },
];

/**
 * Runs the background jobs on the one instance that holds their advisory lock
 * (leader.ts, CONTRACT.md section 9): when this instance takes the lock, each job runs at
 * once (or firstAfterMs later) and then on its interval; when it loses the lock, the
 * schedules stop (a pass in flight finishes). Before each pass the lock is confirmed, so
 * an instance whose connection broke does not run a pass the new holder runs too.
 * Failures are logged, never fatal.
 */
export function startJobs({
  db,
  logger,
  chains,
  connectionString,
  list = jobs,
  more = [],
  checkEveryMs,
  metrics,
}: {
  db: Db;
  logger: Logger;
  chains?: Chains;
  /** The database the lock is taken on: the app's own. */
  connectionString: string;
  /** The jobs to run (tests). */
  list?: Job[];
  /** Jobs this configuration adds (scheduled backups). */
  more?: Job[];
  /** How often the lock is asked for (tests). */
  checkEveryMs?: number;
  /** Told of every run (modules/metrics), when metrics are on. */
  metrics?: { jobRan(job: string, ok: boolean, seconds: number): void } | undefined;
}): { readonly leading: boolean; stop(): Promise<void> } {
  const timers: NodeJS.Timeout[] = [];
  // One run, timed, counted and kept in job_runs (the dashboard's job health).
  const runOnce = async (job: Job) => {
    const started = performance.now();
    let ok = true;
    try {
      await job.run(db, { chains });
    } catch (error) {
      ok = false;
      logger.warn({ err: error, job: job.name }, 'background job failed');
    }
    const ms = performance.now() - started;
    metrics?.jobRan(job.name, ok, ms / 1000);
    await recordJobRun(db, job.name, ok, ms).catch((error: unknown) => logger.warn({ err: error, job: job.name }, 'could not record a background job run'));
  };
  const keep = (timer: NodeJS.Timeout) => timers.push(timer.unref());
  const schedule = () => {
    for (const job of [...list, ...more]) {
      const tick = () => {
        void leadership.confirm().then(
          (leading) => (leading ? runOnce(job) : undefined),
          (error: unknown) => logger.warn({ err: error, job: job.name }, 'background job failed'),
        );
      };
      const begin = () => {
        tick();
        keep(setInterval(tick, job.everyMs));
      };
      if (job.firstAfterMs) keep(setTimeout(begin, job.firstAfterMs));
      else begin();
    }
  };
  // clearInterval clears timeouts too.
  const unschedule = () => timers.splice(0).forEach(clearInterval);
  const leadership = holdJobLock({
    connectionString,
    logger,
    onChange: (leading) => (leading ? schedule() : unschedule()),
    ...(checkEveryMs ? { checkEveryMs } : {}),
  });
  return {
    get leading() {
      return leadership.leading;
    },
    async stop() {
      unschedule();
      await leadership.stop();
    },
  };
}
