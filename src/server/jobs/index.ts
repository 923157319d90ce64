import type { Logger } from 'pino';
import type { Chains } from '../chain/clients.js';
import type { Db } from '../db/client.js';
import { pruneEventLog } from '../modules/events/index.js';
import { deleteExpiredSessions } from '../plugins/session.js';
import { eraseOldIpHashes } from './ip-hash-erasure.js';
import { runTipVerifier, TIP_VERIFIER_EVERY_MS } from './tip-verifier.js';

interface Job {
  name: string;
  everyMs: number;
  /** First run this long after start instead of at once. */
  firstAfterMs?: number;
  run(db: Db, context: JobContext): Promise<unknown>;
}

/** What jobs may need besides the database. */
interface JobContext {
  chains?: Chains;
}

const jobs: Job[] = [
  { name: 'expired-sessions', everyMs: 60 * 60 * 1000, run: deleteExpiredSessions },
  // It walks every table with IP hashes (a million posts: 200 statements). A server
  // restarted under load serves first; hashes are kept for 90 days, so ten minutes later is as good.
  { name: 'ip-hash-erasure', everyMs: 24 * 60 * 60 * 1000, firstAfterMs: 10 * 60 * 1000, run: (db) => eraseOldIpHashes(db) },
  // Live-update events are kept for Last-Event-ID resume (5 minutes); each instance prunes, which costs nothing when another just did.
  { name: 'event-log-prune', everyMs: 60 * 1000, run: (db) => pruneEventLog(db) },
  { name: 'tip-verifier', everyMs: TIP_VERIFIER_EVERY_MS, run: (db, { chains }) => runTipVerifier(db, chains) },
];

/** Runs each background job at start (or firstAfterMs later) and then on its interval; failures are logged, never fatal. */
export function startJobs({ db, logger, chains }: { db: Db; logger: Logger; chains?: Chains }): { stop(): void } {
  const timers: NodeJS.Timeout[] = [];
  const keep = (timer: NodeJS.Timeout) => timers.push(timer.unref());
  for (const job of jobs) {
    const tick = () => {
      job.run(db, { chains }).catch((error: unknown) => logger.warn({ err: error, job: job.name }, 'background job failed'));
    };
    const begin = () => {
      tick();
      keep(setInterval(tick, job.everyMs));
    };
    if (job.firstAfterMs) keep(setTimeout(begin, job.firstAfterMs));
    else begin();
  }
  // clearInterval clears timeouts too.
  return { stop: () => timers.forEach(clearInterval) };
}
