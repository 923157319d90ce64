import { useState } from 'react';
import type { ModerationStats } from '../../../../shared/api.js';
import { STATS_PERIODS, type StatsPeriod } from '../../../../shared/schemas/moderation.js';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { LoadingRows } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/en-us-date-format';
import { useModerationStats } from '../api/get-stats';
import { type ChartSeries, StatsChart } from './StatsChart';

const CONTENT: ChartSeries[] = [
  { key: 'posts', label: 'Replies', color: '#2563eb' },
  { key: 'threads', label: 'Threads', color: '#16a34a' },
  { key: 'accounts', label: 'New accounts', color: '#9333ea' },
];
const MODERATION: ChartSeries[] = [
  { key: 'reports', label: 'Reports', color: '#ea580c' },
  { key: 'bans', label: 'Bans', color: '#dc2626' },
  { key: 'appeals', label: 'Appeals', color: '#0891b2' },
];
const COLUMNS = [...CONTENT, ...MODERATION];

/** 1536 -> '1.5 KB'. */
function bytes(value: number | null): string {
  if (value === null) return 'in the bucket (not measured)';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let size = value;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit++;
  }
  return `${unit === 0 ? size : size.toFixed(1)} ${units[unit]}`;
}

/**
 * The Dashboard tab (CONTRACT.md section 18), loaded with its chart library only when the
 * tab opens: counts per UTC day as charts and, for screen readers or on request, as a
 * table; active boards, storage and the background jobs' health. Counts only.
 */
export default function DashboardPanel() {
  const [days, setDays] = useState<StatsPeriod>(7);
  const [showTable, setShowTable] = useState(false);
  const stats = useModerationStats(days);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Dashboard</h2>
        </CardTitle>
        <CardDescription>What was created each day (UTC), how many boards were active, the storage used and the background jobs' last runs.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div role="group" aria-label="Period" className="flex flex-wrap gap-2">
          {STATS_PERIODS.map((period) => (
            <Button key={period} size="sm" variant={period === days ? 'default' : 'outline'} aria-pressed={period === days} onClick={() => setDays(period)}>
              {period} days
            </Button>
          ))}
        </div>
        {stats.isPending ? (
          <LoadingRows label="Loading the dashboard" rowClassName="h-24" />
        ) : stats.isError ? (
          <p role="alert" className="text-sm text-destructive">
            The dashboard could not be loaded.
          </p>
        ) : (
          <Figures stats={stats.data} showTable={showTable} onToggleTable={() => setShowTable((shown) => !shown)} />
        )}
      </CardContent>
    </Card>
  );
}

function Figures({ stats, showTable, onToggleTable }: { stats: ModerationStats; showTable: boolean; onToggleTable: () => void }) {
  const total = (key: ChartSeries['key']) => stats.days.reduce((sum, day) => sum + day[key], 0);
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Figure term="Active boards" value={`${stats.activeBoards} of ${stats.totalBoards}`} />
        <Figure term="Database" value={bytes(stats.storage.databaseBytes)} />
        <Figure term="Uploads" value={bytes(stats.storage.uploadsBytes)} />
        <Figure term={`Replies in ${stats.days.length} days`} value={String(total('posts'))} />
      </dl>
      <div className="grid gap-6 lg:grid-cols-2">
        <StatsChart title="Replies, threads and new accounts per day" days={stats.days} series={CONTENT} />
        <StatsChart title="Reports, bans and appeals per day" days={stats.days} series={MODERATION} />
      </div>
      <div className="grid gap-2">
        <div>
          <Button size="sm" variant="outline" aria-expanded={showTable} aria-controls="dashboard-table" onClick={onToggleTable}>
            {showTable ? 'Hide the table' : 'Show as a table'}
          </Button>
        </div>
        <div id="dashboard-table" className={showTable ? 'overflow-x-auto' : 'sr-only'}>
          <table className="w-full text-sm">
            <caption className="sr-only">Counts per day (UTC), oldest first</caption>
            <thead>
              <tr className="border-b text-left">
                <th scope="col" className="py-1 pr-3 font-medium">
                  Day
                </th>
                {COLUMNS.map((column) => (
                  <th key={column.key} scope="col" className="py-1 pr-3 text-right font-medium">
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {stats.days.map((day) => (
                <tr key={day.date} className="border-b">
                  <th scope="row" className="py-1 pr-3 text-left font-normal whitespace-nowrap">
                    {day.date}
                  </th>
                  {COLUMNS.map((column) => (
                    <td key={column.key} className="py-1 pr-3 text-right tabular-nums">
                      {day[column.key]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <section className="grid gap-2" aria-labelledby="dashboard-jobs">
        <h3 id="dashboard-jobs" className="font-medium">
          Background jobs
        </h3>
        {stats.jobs.length === 0 ? (
          <p className="text-sm text-muted-foreground">No job has run yet.</p>
        ) : (
          <ul className="grid gap-2 text-sm">
            {stats.jobs.map((job) => (
              <li key={job.name} className="grid gap-0.5 rounded-md border p-2">
                <span className="font-medium">
                  {job.name}
                  {job.failuresInARow > 0 ? <span className="text-destructive"> · failing ({job.failuresInARow} in a row)</span> : <span className="text-muted-foreground"> · healthy</span>}
                </span>
                <span className="text-muted-foreground">
                  Last run {formatDate(job.lastRunAt)} ({job.lastDurationMs} ms)
                  {job.lastFailureAt ? ` · last failure ${formatDate(job.lastFailureAt)}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div className="grid gap-0.5 rounded-md border p-2">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}
