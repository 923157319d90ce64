import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import { deleteExpiredSessions } from '../plugins/session.js';
import { eraseOldIpHashes } from './ip-hash-erasure.js';

interface Job {
  name: string;
  everyMs: number;
  run(db: Db): Promise<unknown>;
}

const jobs: Job[] = [
  { name: 'expired-sessions', everyMs: 60 * 60 * 1000, run: deleteExpiredSessions },
  // CONTRACT.md section 4: IP hashes older than 90 days are erased; at start and daily.
  { name: 'ip-hash-erasure', everyMs: 24 * 60 * 60 * 1000, run: (db) => eraseOldIpHashes(db) },
];

/** Runs each background job at start and then on its interval; failures are logged, never fatal. */
export function startJobs({ db, logger }: { db: Db; logger: Logger }): { stop(): void } {
  const timers = jobs.map((job) => {
    const tick = () => {
      job.run(db).catch((error: unknown) => logger.warn({ err: error, job: job.name }, 'background job failed'));
    };
    tick();
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    return timer;
  });
  return { stop: () => timers.forEach(clearInterval) };
}
