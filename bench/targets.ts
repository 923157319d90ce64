// The performance issue's targets, checked against one run's figures. Only ratios
// and latencies from the same run are compared: the machine's speed drifts.
import type { SoakMinute } from './long-runs.js';

export interface Result {
  name: string;
  target: string;
  connections: number;
  requestsPerSecond: number;
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  /** Responses with a 5xx status. */
  serverErrors: number;
  non2xx: number;
  bodyBytes: number;
  rssMb: number;
  /** Server CPU per request: unlike requests/s, it hardly moves when other work shares the machine. */
  cpuMicrosPerRequest: number;
  /** The server's event-loop delay during the scenario (Hushboard only). */
  eventLoopDelay: { p50: number; p99: number; max: number } | null;
  /** Queries of ours PostgreSQL was still running one second after the load stopped. */
  activeQueriesAfter1s: number;
}

export interface SizeRun {
  posts: number;
  results: Result[];
  /** Sessions before and after the anonymous scenarios: reads must write nothing. */
  sessionRows: { before: number; after: number };
  /** The create-reply scenario's 201s against what the replied-to thread gained: rows, and its reply count. */
  replyCount: { created: number; counted: number; stored: number };
  lighthouse?: { name: string; performance: number; lcpMs: number; tbtMs: number; cls: number; allRuns: number[]; meetsTarget: boolean }[];
}

export interface Check {
  target: string;
  measured: string;
  met: boolean;
}

export const find = (run: SizeRun, name: string, target = 'hushboard', connections?: number) =>
  run.results.find((r) => r.name === name && r.target === target && (connections === undefined || r.connections === connections));

/** Ours over the baseline's; `twin` names the baseline scenario when it is not `name` (a variant of it). */
export function ratio(run: SizeRun, name: string, twin = name) {
  const ours = find(run, name)!;
  const theirs = find(run, twin, 'baseline')!;
  return {
    name,
    throughput: +(ours.requestsPerSecond / theirs.requestsPerSecond).toFixed(2),
    // Requests per CPU second, ours over theirs: the throughput ratio a saturated core would show.
    cpuEfficiency: +(theirs.cpuMicrosPerRequest / Math.max(ours.cpuMicrosPerRequest, 1)).toFixed(2),
    p99: +(ours.p99 / Math.max(theirs.p99, 1)).toFixed(2),
    body: +(ours.bodyBytes / Math.max(theirs.bodyBytes, 1)).toFixed(2),
  };
}

/** Largest size over smallest, for one scenario measured on both at once (bench/run.ts, scalingInTurns). */
export interface Scaling {
  name: string;
  throughput: number;
  p50: number;
  p99: number;
}

/** Every target the issue names that this run can measure, met or not. */
export function checkTargets(runs: SizeRun[], scaling: Scaling[]): Check[] {
  const large = runs.at(-1)!;
  const small = runs[0]!;
  const checks: Check[] = [];
  const add = (target: string, measured: string, met: boolean) => checks.push({ target, measured, met });

  for (const name of ['thread page, 100 replies', 'thread page, 1,200 replies']) {
    const r = ratio(large, name);
    add(`${name}: >= 0.70x baseline req/s, p99 <= 1.5x, body <= 1.2x`, `${r.throughput}x (per CPU ${r.cpuEfficiency}x), p99 ${r.p99}x, body ${r.body}x`, r.throughput >= 0.7 && r.p99 <= 1.5 && r.body <= 1.2);
  }
  // Server-rendered HTML against the JSON of the same data, measured in turns (CONTRACT.md section 12).
  // As a browser asks (br or gzip), and without compression, where the HTML's size (4 KB of markup a
  // reply) is what a loopback client reads; the target is the browser's case.
  for (const [html, json] of [
    ['thread page html, 100 replies, as a browser', 'thread page, 100 replies, as a browser'],
    ['board page html, as a browser', 'board page 1, as a browser'],
    ['thread page html, 100 replies', 'thread page, 100 replies'],
    ['board page html', 'board page 1'],
  ] as const) {
    const [page, api] = [find(large, html), find(large, json)];
    if (!page || !api) continue;
    const throughput = +(page.requestsPerSecond / Math.max(api.requestsPerSecond, 1)).toFixed(2);
    const p99 = +(page.p99 / Math.max(api.p99, 1)).toFixed(2);
    const measured = `${throughput}x, p99 ${p99}x (${page.cpuMicrosPerRequest} vs ${api.cpuMicrosPerRequest} µs CPU/req, ${page.bodyBytes} vs ${api.bodyBytes} B)`;
    if (html.endsWith('as a browser')) add(`${html}: >= 0.5x the JSON's req/s, p99 <= 2x`, measured, throughput >= 0.5 && p99 <= 2);
    else add(`${html} (uncompressed; reported, the target is the browser's): the JSON's req/s`, measured, true);
  }
  for (const name of ['trivial route', 'primary-key route']) {
    const r = ratio(large, name);
    add(`${name}: >= 0.85x bare Fastify`, `${r.throughput}x (per CPU ${r.cpuEfficiency}x)`, r.throughput >= 0.85);
  }
  // Anonymous reads (the words) are measured on one: board page 1, whose twin sends the CSRF cookie.
  const [freshRead, returningRead] = [find(large, 'board page 1')!, find(large, 'board page 1, with cookie')];
  if (returningRead) {
    const readCost = freshRead.cpuMicrosPerRequest / Math.max(returningRead.cpuMicrosPerRequest, 1);
    add(
      'an anonymous read (board page 1) by a visitor without a cookie costs what it costs one with a cookie (within 10%)',
      `${freshRead.cpuMicrosPerRequest} vs ${returningRead.cpuMicrosPerRequest} µs CPU/req`,
      readCost <= 1.1,
    );
  }
  // The health check does no work of its own, so the cookie minted for a new visitor (CONTRACT.md section 3) is much of its cost.
  const [fresh, returning] = [find(large, 'trivial route')!, find(large, 'trivial route, with cookie')!];
  const cost = fresh.cpuMicrosPerRequest / Math.max(returning.cpuMicrosPerRequest, 1);
  add('the same on the trivial route (within 10%)', `${fresh.cpuMicrosPerRequest} vs ${returning.cpuMicrosPerRequest} µs CPU/req`, cost <= 1.1);
  add('anonymous reads create no session row', `${large.sessionRows.before} -> ${large.sessionRows.after} rows`, large.sessionRows.after === large.sessionRows.before);

  const [mix1, mix50] = [find(large, 'search mix', 'hushboard', 1)!, find(large, 'search mix', 'hushboard', 50)];
  add(`search mix at ${large.posts} posts: p50 <= 10 ms at 1 connection`, `${mix1.p50} ms`, mix1.p50 <= 10);
  if (mix50) add(`search mix at ${large.posts} posts: p99 <= 250 ms at 50 connections`, `${mix50.p99} ms`, mix50.p99 <= 250);

  for (const s of scaling.filter((entry) => ['thread page, 100 replies', 'thread page, 1,200 replies', 'board page 1', 'board page 8'].includes(entry.name))) {
    add(`${s.name}: >= 0.90x of its ${small.posts}-post req/s at ${large.posts}`, `${s.throughput}x`, s.throughput >= 0.9);
  }
  for (const name of ['board page 1', 'board page 8', 'recent feed', 'popular feed']) {
    const r = find(large, name)!;
    add(`${name} at ${large.posts} posts: p99 < 50 ms at ${r.connections} connections`, `${r.p99} ms`, r.p99 < 50);
  }

  const overload = find(large, 'overload, thread page');
  const leftover = Math.max(...runs.flatMap((run) => run.results.filter((r) => r.target === 'hushboard').map((r) => r.activeQueriesAfter1s)));
  add('no query of ours still running 1 s after the load stops (every scenario and size, overload included)', `at most ${leftover}`, leftover === 0);
  const at50 = large.results.filter((r) => r.target === 'hushboard' && r.connections === 50);
  const [errors, total] = [at50.reduce((n, r) => n + r.serverErrors, 0), at50.reduce((n, r) => n + r.requests, 0)];
  add('under 0.1% 5xx at 50 connections', `${errors} of ${total}`, errors <= total / 1000);
  if (overload) add('(information) overload, 400 clients giving up after 1 s', `${overload.serverErrors} 5xx, ${overload.timeouts} timeouts of ${overload.requests}`, true);

  const replies = find(large, 'create reply')!;
  add('>= 500 replies/s', `${replies.requestsPerSecond}/s`, replies.requestsPerSecond >= 500);
  const { created, counted, stored } = large.replyCount;
  // Requests still in flight when the load stops land without being counted as acknowledged: rows >= acknowledged.
  add('reply count exact after the reply load, nothing acknowledged lost', `${created} acknowledged, ${counted} new rows, reply count +${stored}`, created <= counted && counted === stored);

  for (const page of large.lighthouse ?? []) {
    add(`Lighthouse mobile ${page.name}: performance >= 95, LCP <= 2.5 s, TBT <= 200 ms, CLS <= 0.1`, `${page.performance}, LCP ${page.lcpMs} ms, TBT ${page.tbtMs} ms, CLS ${page.cls}`, page.meetsTarget);
  }
  return checks;
}

/** The growth check (bench/run.ts, growthCheck): a 1-post thread's page without and with a grown thread. */
export interface Growth {
  grownThreadPosts: number;
  before: { requestsPerSecond: number; p50: number; p99: number; cpuMicrosPerRequest: number; failed: number };
  after: Growth['before'];
  /** Requests/s without the grown thread over requests/s with it, measured in turns. */
  ratio: number;
}

/** The soak (bench/long-runs.ts): the read-and-write mix, minute by minute. */
export interface Soak {
  posts: number;
  connections: number;
  minutes: SoakMinute[];
}

/** Growth: at most 1.2x slower. Soak: the last minute keeps 90% of the first's throughput, RSS flat. */
export const GROWTH_MAX_RATIO = 1.2;
export const SOAK_MIN_THROUGHPUT = 0.9;
/** RSS "flat": the last minute's at most this much above the first minute's (both read at the minute's end, the heap warm). */
export const SOAK_MAX_RSS_GROWTH = 1.1;

/** The long-run targets of issue 17, for the checks that ran. */
export function checkLongRunTargets(growth: Growth | undefined, soak: Soak | undefined): Check[] {
  const checks: Check[] = [];
  if (growth) {
    checks.push({
      target: `growth: a 1-post thread's req/s without / with a ${growth.grownThreadPosts}-post thread present <= ${GROWTH_MAX_RATIO}`,
      measured: `${growth.before.requestsPerSecond} / ${growth.after.requestsPerSecond} req/s = ${growth.ratio} (p50 ${growth.before.p50} -> ${growth.after.p50} ms, ${growth.before.cpuMicrosPerRequest} -> ${growth.after.cpuMicrosPerRequest} µs CPU/req)`,
      met: growth.ratio <= GROWTH_MAX_RATIO && growth.before.failed + growth.after.failed === 0,
    });
  }
  if (soak && soak.minutes.length > 0) {
    const [first, last] = [soak.minutes[0]!, soak.minutes.at(-1)!];
    const kept = +(last.requestsPerSecond / Math.max(first.requestsPerSecond, 1)).toFixed(2);
    const rss = +(last.rssMb / Math.max(first.rssMb, 1)).toFixed(2);
    const serverErrors = soak.minutes.reduce((n, minute) => n + minute.serverErrors, 0);
    checks.push({
      target: `soak (${soak.minutes.length} min): the last minute keeps >= ${SOAK_MIN_THROUGHPUT * 100}% of the first minute's req/s, no 5xx`,
      measured: `${first.requestsPerSecond} -> ${last.requestsPerSecond} req/s = ${kept}x (CPU ${first.cpuMicrosPerRequest} -> ${last.cpuMicrosPerRequest} µs/req), ${serverErrors} 5xx`,
      met: kept >= SOAK_MIN_THROUGHPUT && serverErrors === 0,
    });
    checks.push({
      target: `soak: RSS flat (last minute <= ${SOAK_MAX_RSS_GROWTH}x the first)`,
      measured: `${soak.minutes.map((minute) => minute.rssMb).join(' / ')} MB per minute = ${rss}x`,
      met: rss <= SOAK_MAX_RSS_GROWTH,
    });
  }
  return checks;
}
