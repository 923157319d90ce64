import type { Logger } from 'pino';
import type { Chains } from '../chain/clients.js';
import type { Db } from '../db/client.js';
import { deleteExpiredSessions } from '../plugins/session.js';
import { eraseOldIpHashes } from './ip-hash-erasure.js';
import { runTipVerifier, TIP_VERIFIER_EVERY_MS } from './tip-verifier.js';

interface Job {
  name: string;
  everyMs: number;
  run(db: Db, context: JobContext): Promise<unknown>;
}

/** What jobs may need besides the database. */
interface JobContext {
  chains?: Chains;
}

const jobs: Job[] = [
  { name: 'expired-sessions', everyMs: 60 * 60 * 1000, run: deleteExpiredSessions },
  { name: 'ip-hash-erasure', everyMs: 24 * 60 * 60 * 1000, run: (db) => eraseOldIpHashes(db) },
  { name: 'tip-verifier', everyMs: TIP_VERIFIER_EVERY_MS, run: (db, { chains }) => runTipVerifier(db, chains) },
];

/** Runs each background job at start and then on its interval; failures are logged, never fatal. */
export function startJobs({ db, logger, chains }: { db: Db; logger: Logger; chains?: Chains }): { stop(): void } {
  const timers = jobs.map((job) => {
    const tick = () => {
      job.run(db, { chains }).catch((error: unknown) => logger.warn({ err: error, job: job.name }, 'background job failed'));
    };
    tick();
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    return timer;
  });
  return { stop: () => timers.forEach(clearInterval) };
}
