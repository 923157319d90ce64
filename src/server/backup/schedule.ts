// Scheduled backups (BACKUP_DIR or BACKUP_S3_PREFIX, BACKUP_INTERVAL_HOURS, BACKUP_KEEP): a
// background job, so it runs only on the instance holding the jobs' advisory lock
// (jobs/leader.ts). It looks often and backs up only when the newest archive at the
// target is an interval old: restarts and a change of leader neither skip a backup nor
// make a second one.
import type { Logger } from 'pino';
import type { BackupSchedule, Config } from '../config.js';
import type { Job } from '../jobs/index.js';
import { backup } from './backup.js';
import { archiveTime } from './format.js';
import { targetFor } from './target.js';

/** How often the leader looks whether a backup is due. */
export const BACKUP_CHECK_EVERY_MS = 10 * 60 * 1000;

/** A backup due within this much of now is taken now (the check runs every BACKUP_CHECK_EVERY_MS at most). */
const SLACK_MS = 60 * 1000;

export interface ScheduledBackupOptions {
  schedule: BackupSchedule;
  config: Pick<Config, 'dataDir' | 's3' | 's3Connection'>;
  connectionString: string;
  logger: Pick<Logger, 'info'>;
  /** Instead of intervalHours (tests). */
  intervalMs?: number;
  checkEveryMs?: number;
}

/** Deletes all but the newest `keep` archives; answers the names removed. */
export async function pruneArchives(to: string, keep: number, config: Pick<Config, 's3Connection'>): Promise<string[]> {
  const target = targetFor(to, config.s3Connection);
  try {
    const names = (await target.list()).sort((a, b) => (archiveTime(a)?.getTime() ?? 0) - (archiveTime(b)?.getTime() ?? 0));
    const removed = names.slice(0, Math.max(0, names.length - keep));
    for (const name of removed) await target.remove(name);
    return removed;
  } finally {
    target.close();
  }
}

/** When the newest archive at `to` was made, or undefined when there is none. */
async function newestArchive(to: string, config: Pick<Config, 's3Connection'>): Promise<number | undefined> {
  const target = targetFor(to, config.s3Connection);
  try {
    const times = (await target.list()).map((name) => archiveTime(name)?.getTime() ?? 0);
    return times.length > 0 ? Math.max(...times) : undefined;
  } finally {
    target.close();
  }
}

export function scheduledBackupJob(options: ScheduledBackupOptions): Job {
  const { schedule, config, logger } = options;
  const intervalMs = options.intervalMs ?? schedule.intervalHours * 60 * 60 * 1000;
  const checkEveryMs = options.checkEveryMs ?? Math.min(BACKUP_CHECK_EVERY_MS, intervalMs);
  let running = false;
  return {
    name: 'backup',
    everyMs: checkEveryMs,
    async run() {
      // A backup longer than the check interval is not started a second time beside itself.
      if (running) return;
      running = true;
      try {
        const newest = await newestArchive(schedule.to, config);
        if (newest !== undefined && Date.now() - newest < intervalMs - Math.min(SLACK_MS, intervalMs / 10)) return;
        const result = await backup({ config, connectionString: options.connectionString, to: schedule.to });
        const removed = await pruneArchives(schedule.to, schedule.keep, config);
        logger.info({ archive: result.location, bytes: result.bytes, pruned: removed.length }, 'scheduled backup written');
      } finally {
        running = false;
      }
    },
  };
}
