import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { jobRuns } from '../db/schema.js';

/**
 * Keeps each job's last run in job_runs (the admins' dashboard reads it, whichever
 * instance ran the job). A failure to record is the caller's to log; it never fails the job.
 */
export async function recordJobRun(db: Db, name: string, ok: boolean, durationMs: number): Promise<void> {
  const now = new Date();
  const duration = Math.min(2_147_483_647, Math.round(durationMs));
  await db
    .insert(jobRuns)
    .values({ name, lastRunAt: now, lastSuccessAt: ok ? now : null, lastFailureAt: ok ? null : now, lastDurationMs: duration, failuresInARow: ok ? 0 : 1 })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: {
        lastRunAt: now,
        lastDurationMs: duration,
        ...(ok ? { lastSuccessAt: now, failuresInARow: 0 } : { lastFailureAt: now, failuresInARow: sql`${jobRuns.failuresInARow} + 1` }),
      },
    });
}
