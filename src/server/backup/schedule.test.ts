import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { startJobs } from '../jobs/index.js';
import { testConfig, useTestApp } from '../test/app.js';
import { signUp } from '../test/factories.js';
import { backup } from './backup.js';
import { archiveTime } from './format.js';
import { scheduledBackupJob } from './schedule.js';

// Scheduled backups on two instances of one board: the one holding the jobs' lock backs up
// once when the newest archive is an interval old, and prunes to BACKUP_KEEP.

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hushboard-backup-schedule-'));
const backupDir = mkdtempSync(path.join(os.tmpdir(), 'hushboard-backup-schedule-out-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(backupDir, { recursive: true, force: true });
});
const t = useTestApp({ config: { dataDir } });
const logger = pino({ level: 'silent' });
const DAY = 24 * 60 * 60 * 1000;

describe('scheduled backups', () => {
  it('run on one instance of two, once per interval, and keep BACKUP_KEEP archives', async () => {
    await signUp(t);
    const config = testConfig({ dataDir });
    // Three archives from the days before.
    for (const daysAgo of [3, 2, 1]) await backup({ config, connectionString: t.url, to: backupDir, now: new Date(Date.now() - daysAgo * DAY) });
    const old = await readdir(backupDir);
    expect(old).toHaveLength(3);

    const schedule = { to: backupDir, intervalHours: 12, keep: 2 };
    const instances = [0, 1].map(() =>
      startJobs({
        db: t.database.db,
        logger,
        connectionString: t.url,
        list: [],
        more: [scheduledBackupJob({ schedule, config, connectionString: t.url, logger, checkEveryMs: 100 })],
        checkEveryMs: 100,
      }),
    );
    try {
      const recent = async () => (await readdir(backupDir)).filter((name) => Date.now() - (archiveTime(name)?.getTime() ?? 0) < 60_000);
      for (let waited = 0; (await recent()).length === 0; waited += 50) {
        if (waited > 30_000) throw new Error('no scheduled backup was written');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Many more checks on both instances: none makes a second archive.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(instances.filter((instance) => instance.leading)).toHaveLength(1);
      const names = (await readdir(backupDir)).sort();
      expect(await recent()).toHaveLength(1);
      // Pruned to two: yesterday's and today's.
      expect(names).toEqual([old.sort()[2], (await recent())[0]]);
    } finally {
      await Promise.all(instances.map((instance) => instance.stop()));
    }
  });
});
