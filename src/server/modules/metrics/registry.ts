import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { createRouteTimings, type RouteTimings } from './route-timings.js';

/** Every family's name starts with this (prom-client's default ones too). */
export const METRICS_PREFIX = 'hushboard';

/** What the registry reads at scrape time from the rest of the app; each is a number it already keeps. */
export interface MetricSources {
  /** Open live-update streams on this instance (modules/events). */
  openStreams(): number;
  /** Lookups of the visitors' kept thread pages (modules/threads/visitor-pages.ts). */
  keptPages(): { hits: number; misses: number };
  /** Conditional GETs answered by version (plugins/http-cache.ts): 304s without building the answer, and the rest. */
  versionedLists(): { hits: number; misses: number };
  /** The proof-of-work difficulty everyone pays now (0 when the board is calm or POW is off). */
  powDifficulty(): number;
}

/**
 * One instance's figures (CONTRACT.md section 18): a registry of its own per app, so
 * tests that build several apps in one process each see their own. Nothing here is keyed
 * by anything a person sent: labels are route patterns, methods, status classes, job
 * names and fixed words.
 */
export function createMetrics(pool: pg.Pool) {
  const registry = new Registry();
  const p = METRICS_PREFIX;
  // Process CPU, memory, handles, GC, and event-loop lag (nodejs_eventloop_lag_*), sampled by Node's own histogram.
  collectDefaultMetrics({ register: registry, prefix: `${p}_` });

  const routes: RouteTimings = createRouteTimings(p);
  for (const metric of routes.metrics) registry.registerMetric(metric as unknown as Counter);

  let sources: MetricSources | undefined;
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name: `${p}_${name}`,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  gauge('db_pool_connections', 'Connections the pool holds (in use and idle)', () => pool.totalCount);
  gauge('db_pool_idle', 'Connections idle in the pool', () => pool.idleCount);
  gauge('db_pool_waiting', 'Queries waiting for a free connection', () => pool.waitingCount);
  const poolWait = new Histogram({
    name: `${p}_db_pool_wait_seconds`,
    help: 'Time a query waited for a connection, counted only when none was idle',
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10],
    registers: [registry],
  });
  watchPoolWaits(pool, (seconds) => poolWait.observe(seconds));

  gauge('live_streams', 'Live-update (SSE) streams open on this instance', () => sources?.openStreams() ?? 0);
  const deliveryLag = new Histogram({
    name: `${p}_live_delivery_lag_seconds`,
    help: 'Time from an event being written (its NOTIFY) to its delivery to this instance\'s streams',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [registry],
  });

  new Counter({
    name: `${p}_cache_lookups_total`,
    help: 'Lookups of kept answers: thread_pages (the visitors\' kept thread and board pages), versioned_lists (conditional GETs answered by version)',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
    collect() {
      if (!sources) return;
      this.reset();
      for (const [cache, counts] of [
        ['thread_pages', sources.keptPages()],
        ['versioned_lists', sources.versionedLists()],
      ] as const) {
        this.inc({ cache, result: 'hit' }, counts.hits);
        this.inc({ cache, result: 'miss' }, counts.misses);
      }
    },
  });
  gauge('pow_difficulty', 'Proof-of-work difficulty everyone pays now (0: none asked)', () => sources?.powDifficulty() ?? 0);

  const jobRuns = new Counter({
    name: `${p}_job_runs_total`,
    help: 'Background job runs on this instance, by job and outcome (success or failure)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: `${p}_job_duration_seconds`,
    help: 'Time a background job run took, by job',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.1, 1, 10, 60, 300],
    registers: [registry],
  });
  const jobLastSuccess = new Gauge({
    name: `${p}_job_last_success_timestamp_seconds`,
    help: 'When each background job last succeeded on this instance (Unix time)',
    labelNames: ['job'] as const,
    registers: [registry],
  });

  return {
    registry,
    routes,
    /** Connects the figures the registry reads from services built after it. */
    readFrom(next: MetricSources) {
      sources = next;
    },
    /** An event reached this instance's streams `seconds` after it was written. */
    delivered(seconds: number) {
      deliveryLag.observe(Math.max(0, seconds));
    },
    /** A background job run ended (jobs/index.ts). Job names are the app's own constants. */
    jobRan(job: string, ok: boolean, seconds: number) {
      jobRuns.inc({ job, outcome: ok ? 'success' : 'failure' });
      jobDuration.observe({ job }, seconds);
      if (ok) jobLastSuccess.set({ job }, Date.now() / 1000);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * Times pool.connect when no connection is idle (the only time a query waits). One check
 * of two numbers per query otherwise; the wrapper passes pg's callback form on as it is
 * (db/cancellable-pool.ts wraps the same function and relies on that form).
 */
function watchPoolWaits(pool: pg.Pool, observe: (seconds: number) => void): void {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  pool.connect = ((callback?: (...args: unknown[]) => void) => {
    if (pool.idleCount > 0 || pool.totalCount < (pool.options.max ?? 10)) return callback ? connect(callback) : connect();
    const started = performance.now();
    if (!callback) {
      return (connect() as Promise<pg.PoolClient>).finally(() => observe((performance.now() - started) / 1000));
    }
    return connect((...args: unknown[]) => {
      observe((performance.now() - started) / 1000);
      callback(...args);
    });
  }) as typeof pool.connect;
}
