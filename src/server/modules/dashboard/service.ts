import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { JobHealth, ModerationStats, ModerationStatsDay } from '../../../shared/api.js';
import type { StatsPeriod } from '../../../shared/schemas/moderation.js';
import type { Db } from '../../db/client.js';

/** The uploads folder is walked at most this often (a large one costs a stat per file). */
const UPLOADS_SIZE_KEPT_MS = 10 * 60 * 1000;

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of a time, in UTC. */
const utcDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The admins' dashboard (CONTRACT.md section 18): per-day counts of what was created,
 * active boards, storage and job health. Counts only: no query here returns a row of a
 * person, and no count is split by account or by anonymous/named (docs/privacy.md).
 */
export function createDashboardService({ db, uploadsDir }: { db: Db; uploadsDir: string | undefined }) {
  let uploads: { bytes: number; at: number } | undefined;

  async function uploadsBytes(): Promise<number | null> {
    if (uploadsDir === undefined) return null;
    if (uploads && Date.now() - uploads.at < UPLOADS_SIZE_KEPT_MS) return uploads.bytes;
    uploads = { bytes: await folderBytes(uploadsDir), at: Date.now() };
    return uploads.bytes;
  }

  async function perDay(days: StatsPeriod, today: number): Promise<ModerationStatsDay[]> {
    const first = utcDate(today - (days - 1) * DAY_MS);
    const since = sql`(${first}::date AT TIME ZONE 'UTC')`;
    // One count per table and UTC day; days with none are filled in below.
    const day = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`);
    const rows = await db.execute<{ kind: keyof Omit<ModerationStatsDay, 'date'>; date: string; count: number }>(sql`
      SELECT 'posts' AS kind, ${day('created_at')} AS date, count(*)::int AS count FROM posts WHERE created_at >= ${since} GROUP BY 2
      UNION ALL SELECT 'threads', ${day('created_at')}, count(*)::int FROM threads WHERE created_at >= ${since} GROUP BY 2
      UNION ALL SELECT 'accounts', ${day('created_at')}, count(*)::int FROM users WHERE created_at >= ${since} GROUP BY 2
      UNION ALL SELECT 'reports', ${day('created_at')}, count(*)::int FROM reports WHERE created_at >= ${since} GROUP BY 2
      UNION ALL SELECT 'bans', ${day('banned_at')}, count(*)::int FROM banned_ips WHERE banned_at >= ${since} GROUP BY 2
      UNION ALL SELECT 'bans', ${day('suspended_at')}, count(*)::int FROM author_suspensions WHERE suspended_at >= ${since} GROUP BY 2
      UNION ALL SELECT 'appeals', ${day('created_at')}, count(*)::int FROM ban_appeals WHERE created_at >= ${since} GROUP BY 2
    `);
    const byDate = new Map<string, ModerationStatsDay>();
    const series: ModerationStatsDay[] = [];
    for (let index = days - 1; index >= 0; index--) {
      const entry = { date: utcDate(today - index * DAY_MS), posts: 0, threads: 0, accounts: 0, reports: 0, bans: 0, appeals: 0 };
      byDate.set(entry.date, entry);
      series.push(entry);
    }
    for (const row of rows.rows) {
      const entry = byDate.get(row.date);
      if (entry) entry[row.kind] += Number(row.count);
    }
    return series;
  }

  return {
    async stats(days: StatsPeriod, now = Date.now()): Promise<ModerationStats> {
      const first = utcDate(now - (days - 1) * DAY_MS);
      const since = sql`(${first}::date AT TIME ZONE 'UTC')`;
      const [series, boards, database, jobs, uploadsUsed] = await Promise.all([
        perDay(days, now),
        db.execute<{ active: number; total: number }>(sql`
          SELECT (SELECT count(*)::int FROM boards) AS total,
                 (SELECT count(DISTINCT board_id)::int FROM (
                    SELECT board_id FROM threads WHERE created_at >= ${since}
                    UNION SELECT t.board_id FROM posts p JOIN threads t ON t.id = p.thread_id WHERE p.created_at >= ${since}
                  ) AS active) AS active`),
        db.execute<{ bytes: string }>(sql`SELECT pg_database_size(current_database())::text AS bytes`),
        db.execute<{ name: string; last_run_at: Date; last_success_at: Date | null; last_failure_at: Date | null; last_duration_ms: number; failures_in_a_row: number }>(
          sql`SELECT name, last_run_at, last_success_at, last_failure_at, last_duration_ms, failures_in_a_row FROM job_runs ORDER BY name`,
        ),
        uploadsBytes(),
      ]);
      const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
      return {
        days: series,
        activeBoards: boards.rows[0]?.active ?? 0,
        totalBoards: boards.rows[0]?.total ?? 0,
        storage: { databaseBytes: Number(database.rows[0]?.bytes ?? 0), uploadsBytes: uploadsUsed },
        jobs: jobs.rows.map(
          (job): JobHealth => ({
            name: job.name,
            lastRunAt: iso(job.last_run_at)!,
            lastSuccessAt: iso(job.last_success_at),
            lastFailureAt: iso(job.last_failure_at),
            lastDurationMs: job.last_duration_ms,
            failuresInARow: job.failures_in_a_row,
          }),
        ),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;

/** Bytes of the files under a folder (none when it does not exist yet). */
async function folderBytes(folder: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true, recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let bytes = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    bytes += await stat(path.join(entry.parentPath, entry.name)).then(
      (info) => info.size,
      () => 0,
    );
  }
  return bytes;
}
