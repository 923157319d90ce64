// `npm run bench -- --posts 10000,1000000`: the production build and a raw baseline
// at each data size, driven by autocannon (a separate process) through the scenarios
// of the performance issue; the targets checked, a table on screen and JSON in
// bench/results/.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { projectRoot } from '../src/server/lib/paths.js';
import { createDatabase } from '../src/server/db/client.js';
import { prepareDatabase } from '../src/server/db/migrate.js';
import { BENCH_PASSWORD, benchAdminUrl, databaseName } from './data.js';
import { GROWN_THREAD_POSTS, growthDatabases, runLoad, signIn, soakDatabase, soakMinutes, soakRequests, type LoadSummary as LoadResult } from './long-runs.js';
import { buildIfMissing, dataSetUrl, prewarm, freePort, serverSecret, waitFor } from './processes.js';
import { markdownBench } from './markdown.js';
import { powBench } from './pow.js';
import { REPLY_THREAD_ID, SCALING, type Scenario, scenarios } from './scenarios.js';
import { readersBench, readersChecks } from './readers.js';
import { fanoutChecks, sseFanout } from './sse-fanout.js';
import { checkLongRunTargets, checkTargets, find, type Growth, ratio, type Result, type Scaling, type SizeRun, type Soak } from './targets.js';

// `--soak` alone asks for the default soak: parseArgs wants a value, so it gets one here.
const SOAK_DEFAULT_MINUTES = '10';
const argv = process.argv.slice(2);
for (const [index, arg] of argv.entries()) if (arg === '--soak' && (argv[index + 1] === undefined || argv[index + 1]!.startsWith('--'))) argv.splice(index + 1, 0, SOAK_DEFAULT_MINUTES);

const { values } = parseArgs({
  args: argv,
  options: {
    posts: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'database-url': { type: 'string' },
    lighthouse: { type: 'boolean', default: true },
    // A comma-separated list of scenario names (or parts of them): run just those, to iterate on one; targets are then not checked.
    only: { type: 'string' },
    // The growth check (a 1-post thread before and after a 50,000-post thread exists) runs unless --no-growth.
    growth: { type: 'boolean', default: true },
    // Minutes of the soak (a read-and-write mix, throughput and RSS per minute); off unless asked for, `--soak` alone is 10.
    soak: { type: 'string' },
    // The live-update benchmarks (bench/sse-fanout.ts, bench/readers.ts) run unless --no-live.
    live: { type: 'boolean', default: true },
    streams: { type: 'string', default: '10000' },
    readers: { type: 'string', default: '2000' },
  },
  allowNegative: true,
});
const sizes = values.posts.split(',').map(Number);
const duration = Number(values.duration);
const WARM_UP_SECONDS = 2;
/** Turns each of a group of compared scenarios takes (see takeTurns). */
const COMPARISON_ROUNDS = 4;
const connections = Number(values.connections);
const only = values.only?.split(',').map((part) => part.trim()).filter(Boolean);
const selected = (scenario: Scenario) => !only || only.some((part) => scenario.name.includes(part));
/** The growth check is chosen by --only like a scenario named 'growth check'. */
const growthSelected = values.growth && (!only || only.some((part) => 'growth check'.includes(part)));
/** The live-update benchmarks are chosen by --only like scenarios named 'sse fan-out' and 'readers'. */
const liveSelected = (name: string) => values.live && (!only || only.some((part) => name.includes(part)));
const soakMinutesAsked = values.soak === undefined ? 0 : Number(values.soak);
if (!Number.isInteger(soakMinutesAsked) || soakMinutesAsked < 0) throw new Error(`--soak takes whole minutes, not ${values.soak}`);

/** CPU time (user + system) a process has used so far, in microseconds. */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of /proc/pid/stat (11 and 12 after the name), in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** autocannon in its own process (bench/load.mjs, through runLoad), so the load never shares our event loop. */
function load(base: string, scenario: Scenario, conns: number, seconds = duration): LoadResult {
  return runLoad({
    url: base,
    connections: conns,
    duration: seconds,
    method: scenario.method ?? 'GET',
    headers: scenario.headers ?? {},
    ...(scenario.timeout ? { timeout: scenario.timeout } : {}),
    requests: (scenario.mix ?? [scenario.path]).map((p) => ({ path: p, method: scenario.method ?? 'GET', ...(scenario.body ? { body: scenario.body } : {}) })),
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;

/**
 * Scenarios compared with each other take turns, a slice of the duration each: the
 * machine's speed can drift by half within a minute, and turns make each see the same
 * drift. A scenario compared with none runs once, for the whole duration.
 */
function takeTurns<T>(entries: T[], measure: (entry: T, seconds: number) => void): void {
  const rounds = entries.length > 1 ? COMPARISON_ROUNDS : 1;
  for (let round = 0; round < rounds; round++) for (const entry of entries) measure(entry, duration / rounds);
}

/** A scenario's turns as one: requests added up; percentiles cannot be, so the median turn's stand for them. */
function combineTurns(turns: LoadResult[]): { requests: number; p50: number; p99: number } {
  return {
    requests: turns.reduce((n, run) => n + run.requests.total, 0),
    p50: median(turns.map((run) => run.latency.p50)),
    p99: median(turns.map((run) => run.latency.p99)),
  };
}

/**
 * Scenarios in the order given, those compared with each other in one group: a
 * Hushboard route and its baseline twin (same name), and any that name the group
 * they join (the trivial route with a cookie). A fixed mix or a write stands alone.
 */
function comparisonGroups(list: Scenario[]): Scenario[][] {
  const groups = new Map<string, Scenario[]>();
  for (const [index, scenario] of list.entries()) {
    const key = scenario.mix || scenario.method ? `#${index}` : `${scenario.group ?? scenario.name}|${scenario.connections ?? connections}`;
    groups.set(key, [...(groups.get(key) ?? []), scenario]);
  }
  return [...groups.values()];
}

const count = async (client: pg.Client, query: string, params: unknown[] = []) => Number((await client.query<{ n: string }>(query, params)).rows[0]!.n);

// Production logging (one line per request, to /dev/null here): logging is one of the layers measured.
// MALLOC_MMAP_THRESHOLD_ as `npm start` sets it: without it a scenario compressing every
// answer (a brotli window a response) left the server at 935 MB RSS, which operators never see.
const serverEnv = (databaseUrl: string) => ({ ...process.env, MALLOC_MMAP_THRESHOLD_: '131072', DATABASE_URL: databaseUrl, SECRET: serverSecret(), RATE_LIMIT: 'off', LOG_LEVEL: 'info', HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'hushboard-bench-')) });

/** The production server on a data set, with the event-loop probe; resolves once it is ready. */
async function startHushboard(databaseUrl: string): Promise<{ server: ChildProcess; url: string; eldFile: string }> {
  const env = serverEnv(databaseUrl);
  const port = await freePort();
  const eldFile = path.join(env.DATA_DIR, 'event-loop-delay.json');
  // BENCH_SERVER_FLAGS: extra node flags for the server, to profile it under a scenario (--cpu-prof).
  const flags = process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];
  const server = spawn(process.execPath, [...flags, '--import', './bench/eld-probe.mjs', 'dist/server/main.js'], { cwd: projectRoot, env: { ...env, PORT: String(port), BENCH_ELD_FILE: eldFile }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/readyz`, server);
  } catch (error) {
    server.kill('SIGTERM');
    throw error;
  }
  return { server, url, eldFile };
}

/**
 * The scaling check: the servers of the smallest and the largest size run at once and
 * take turns at each scenario, so both sizes see the same machine. Measured one size
 * after the other, minutes apart, the drift alone moved a ratio from 1.04 to 0.68.
 */
async function scalingInTurns(small: number, large: number, adminUrl: string): Promise<Scaling[]> {
  const servers: Awaited<ReturnType<typeof startHushboard>>[] = [];
  try {
    // Both sizes' data is still in shared buffers from their own runs (benchSize prewarms it).
    for (const posts of [small, large]) servers.push(await startHushboard(await dataSetUrl(posts, adminUrl)));
    const list = scenarios({}, {}).filter((scenario) => scenario.target === 'hushboard' && SCALING.includes(scenario.name) && selected(scenario));
    const measured: Scaling[] = [];
    for (const name of SCALING) {
      // The first one of a name, as the per-size comparison takes it (the search mix at one connection).
      const scenario = list.find((candidate) => candidate.name === name);
      if (!scenario) continue;
      const conns = scenario.connections ?? connections;
      for (const { url } of servers) load(url, scenario, conns, WARM_UP_SECONDS);
      const turns = servers.map(({ url }) => ({ url, runs: [] as LoadResult[] }));
      takeTurns(turns, (entry, seconds) => entry.runs.push(load(entry.url, scenario, conns, seconds)));
      const [a, b] = turns.map((entry) => combineTurns(entry.runs)) as [ReturnType<typeof combineTurns>, ReturnType<typeof combineTurns>];
      measured.push({ name, throughput: +(b.requests / Math.max(a.requests, 1)).toFixed(2), p50: +(b.p50 / Math.max(a.p50, 1)).toFixed(2), p99: +(b.p99 / Math.max(a.p99, 1)).toFixed(2) });
    }
    return measured;
  } finally {
    for (const { server } of servers) server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
}

/** Starts both servers on one data size, runs every scenario, stops them. */
async function benchSize(posts: number, adminUrl: string): Promise<SizeRun> {
  const databaseUrl = await dataSetUrl(posts, adminUrl);
  await prewarm(databaseUrl);
  const watcher = new pg.Client({ connectionString: databaseUrl });
  await watcher.connect();

  const { server, url: app, eldFile } = await startHushboard(databaseUrl);
  const basePort = await freePort();
  const baseline = spawn(process.execPath, ['--import', 'tsx', 'bench/baseline.ts'], { cwd: projectRoot, env: { ...serverEnv(databaseUrl), PORT: String(basePort) }, stdio: 'ignore' });
  const base = `http://127.0.0.1:${basePort}`;
  try {
    await waitFor(`${base}/trivial`, baseline);

    // The pages are audited first, on a quiet machine: Lighthouse multiplies the main-thread
    // time Chromium really took, so after the loads (autovacuum busy with their writes, the
    // server's heap grown) the same build lost 10-20 points. A phone does not share our cores.
    let pageScores: SizeRun['lighthouse'];
    if (values.lighthouse && !only && posts === sizes.at(-1)) {
      const { AUDITED_PAGES, lighthouseAudit } = await import('./lighthouse.js');
      for (const page of AUDITED_PAGES) await (await fetch(`${app}${page.path}`)).text(); // the route's code and plans, warmed
      pageScores = await lighthouseAudit(app, AUDITED_PAGES);
    }

    // A signed-in client for the write scenarios: cookies and the CSRF token. A read sets no
    // cookie; the login, sent with the read's token, sets the CSRF cookie and the session.
    const first = await fetch(`${app}/api/user`);
    const token = first.headers.get('x-csrf-token') ?? '';
    const login = await fetch(`${app}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token },
      body: JSON.stringify({ username: 'user2', password: BENCH_PASSWORD }),
    });
    const loginCookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
    const csrfCookie = loginCookies.filter((c) => c.startsWith('hb_csrf=')).join('; ');
    const sessionCookie = loginCookies.join('; ');
    const signedIn = { cookie: sessionCookie, 'x-csrf-token': token, 'content-type': 'application/json' };

    const sessionsBefore = await count(watcher, 'SELECT count(*) AS n FROM sessions');
    let sessionsAfterReads = sessionsBefore;
    const repliesBefore = await count(watcher, 'SELECT count(*) AS n FROM posts WHERE thread_id = $1', [REPLY_THREAD_ID]);
    const replyCountBefore = await count(watcher, 'SELECT reply_count AS n FROM threads WHERE id = $1', [REPLY_THREAD_ID]);
    let repliesCreated = 0;
    // The anonymous reads come first; the count after them must not have moved.
    let readsDone = false;

    const results: Result[] = [];
    console.log(`\n${posts} posts`);
    // Ours only (the server's application_name): autovacuum, busy after the write scenarios, is no query of ours.
    const activeQueries = () =>
      count(watcher, "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND application_name = 'hushboard' AND pid <> pg_backend_pid()");
    for (const group of comparisonGroups(scenarios(signedIn, { cookie: csrfCookie, 'x-csrf-token': token }).filter(selected))) {
      const measured = [];
      for (const scenario of group) {
        const url = (scenario.target === 'hushboard' ? app : base) + scenario.path;
        // Warmed up under the same load: a single request leaves the route's code unoptimised, and the first seconds measured the JIT.
        const warmUp = load(scenario.target === 'hushboard' ? app : base, scenario, scenario.connections ?? connections, WARM_UP_SECONDS);
        const bodyBytes = scenario.method ? 0 : Buffer.byteLength(await (await fetch(url)).text());
        measured.push({ scenario, warmUp, bodyBytes, runs: [] as LoadResult[], cpuUsed: 0, eventLoopDelays: [] as NonNullable<Result['eventLoopDelay']>[] });
      }
      let loadEnded = Date.now();
      takeTurns(measured, (entry, seconds) => {
        const { scenario } = entry;
        const pid = scenario.target === 'hushboard' ? server.pid! : baseline.pid!;
        if (scenario.target === 'hushboard') server.kill('SIGUSR2');
        const cpuBefore = cpuMicros(pid);
        entry.runs.push(load(scenario.target === 'hushboard' ? app : base, scenario, scenario.connections ?? connections, seconds));
        loadEnded = Date.now();
        entry.cpuUsed += cpuMicros(pid) - cpuBefore;
        if (scenario.target === 'hushboard' && existsSync(eldFile)) entry.eventLoopDelays.push(JSON.parse(readFileSync(eldFile, 'utf8')) as NonNullable<Result['eventLoopDelay']>);
      });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (Date.now() - loadEnded))));
      const activeQueriesAfter1s = await activeQueries();

      for (const { scenario, warmUp, bodyBytes, runs, cpuUsed, eventLoopDelays } of measured) {
        const pid = scenario.target === 'hushboard' ? server.pid! : baseline.pid!;
        const { requests, p50, p99 } = combineTurns(runs);
        const statusCount = (codes: (code: number) => boolean) =>
          runs.reduce((n, run) => n + Object.entries(run.statusCodeStats ?? {}).filter(([code]) => codes(Number(code))).reduce((m, [, stat]) => m + stat.count, 0), 0);
        if (scenario.name === 'create reply') repliesCreated = (warmUp.statusCodeStats['201']?.count ?? 0) + statusCount((code) => code === 201);
        if (scenario.method) readsDone = true;
        else if (!readsDone) sessionsAfterReads = await count(watcher, 'SELECT count(*) AS n FROM sessions');
        results.push({
          name: scenario.name,
          target: scenario.target,
          connections: scenario.connections ?? connections,
          requestsPerSecond: Math.round(requests / duration),
          requests,
          p50,
          p99,
          errors: runs.reduce((n, run) => n + run.errors, 0),
          timeouts: runs.reduce((n, run) => n + run.timeouts, 0),
          serverErrors: statusCount((code) => code >= 500),
          non2xx: runs.reduce((n, run) => n + run.non2xx, 0),
          bodyBytes,
          rssMb: rssMb(pid),
          cpuMicrosPerRequest: Math.round(cpuUsed / Math.max(requests, 1)),
          eventLoopDelay:
            eventLoopDelays.length > 0
              ? { p50: median(eventLoopDelays.map((d) => d.p50)), p99: Math.max(...eventLoopDelays.map((d) => d.p99)), max: Math.max(...eventLoopDelays.map((d) => d.max)) }
              : null,
          activeQueriesAfter1s,
        });
        const last = results.at(-1)!;
        const failed = last.errors + last.non2xx;
        console.log(
          `${last.name.padEnd(28)} ${last.target.padEnd(9)} c=${String(last.connections).padStart(3)} ${String(last.requestsPerSecond).padStart(7)} req/s  p50 ${String(last.p50).padStart(4)} ms  p99 ${String(last.p99).padStart(5)} ms  failed ${failed}${last.serverErrors ? ` (5xx ${last.serverErrors})` : ''}  body ${last.bodyBytes} B  rss ${last.rssMb} MB  cpu ${last.cpuMicrosPerRequest} µs/req${last.eventLoopDelay ? `  loop p99 ${last.eventLoopDelay.p99} ms` : ''}  active after 1 s ${last.activeQueriesAfter1s}`,
        );
      }
    }

    const repliesAfter = await count(watcher, 'SELECT count(*) AS n FROM posts WHERE thread_id = $1', [REPLY_THREAD_ID]);
    const replyCountAfter = await count(watcher, 'SELECT reply_count AS n FROM threads WHERE id = $1', [REPLY_THREAD_ID]);
    const sizeRun: SizeRun = {
      posts,
      results,
      sessionRows: { before: sessionsBefore, after: sessionsAfterReads },
      replyCount: { created: repliesCreated, counted: repliesAfter - repliesBefore, stored: replyCountAfter - replyCountBefore },
    };
    if (pageScores) sizeRun.lighthouse = pageScores;
    return sizeRun;
  } finally {
    await watcher.end();
    for (const child of [server, baseline]) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
}

/**
 * The growth check: a 1-post thread's page on a young board, and on the same board once
 * another thread has grown to 50,000 posts. Both servers run at once and take turns, as
 * the scaling check does. The ratio is requests/s before over requests/s after: 1.0 means
 * the grown thread costs the small one nothing (issue 17 measured 1,600 -> 313 req/s).
 */
async function growthCheck(adminUrl: string): Promise<Growth> {
  const migrate = async (url: string) => {
    const database = createDatabase(url, { warn() {} }, { max: 1 });
    await prepareDatabase(database.pool);
    await database.close();
  };
  const { before, after, threadId } = await growthDatabases(adminUrl, migrate);
  const servers: Awaited<ReturnType<typeof startHushboard>>[] = [];
  try {
    for (const url of [before, after]) servers.push(await startHushboard(url));
    const scenario: Scenario = { name: 'growth check', target: 'hushboard', path: `/api/threads/${threadId}` };
    for (const { url } of servers) load(url, scenario, connections, WARM_UP_SECONDS);
    const turns = servers.map(({ url, server }) => ({ url, pid: server.pid!, runs: [] as LoadResult[], cpuUsed: 0 }));
    takeTurns(turns, (entry, seconds) => {
      const cpuBefore = cpuMicros(entry.pid);
      entry.runs.push(load(entry.url, scenario, connections, seconds));
      entry.cpuUsed += cpuMicros(entry.pid) - cpuBefore;
    });
    const [a, b] = turns.map((entry) => ({ ...combineTurns(entry.runs), cpu: entry.cpuUsed, failed: entry.runs.reduce((n, run) => n + run.errors + run.non2xx, 0) }));
    const side = (m: NonNullable<typeof a>) => ({ requestsPerSecond: Math.round(m.requests / duration), p50: m.p50, p99: m.p99, cpuMicrosPerRequest: Math.round(m.cpu / Math.max(m.requests, 1)), failed: m.failed });
    const growth: Growth = { grownThreadPosts: GROWN_THREAD_POSTS, before: side(a!), after: side(b!), ratio: +(a!.requests / Math.max(b!.requests, 1)).toFixed(2) };
    console.log(
      `\ngrowth check, a 1-post thread at c=${connections}: ${growth.before.requestsPerSecond} req/s (p50 ${growth.before.p50} ms, ${growth.before.cpuMicrosPerRequest} µs CPU/req) without, ${growth.after.requestsPerSecond} req/s (p50 ${growth.after.p50} ms, ${growth.after.cpuMicrosPerRequest} µs CPU/req) with a ${GROWN_THREAD_POSTS}-post thread: ratio ${growth.ratio}`,
    );
    return growth;
  } finally {
    for (const { server } of servers) server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
}

/** The soak: the read-and-write mix for `minutes` on a copy of the smallest data set, one minute at a time. */
async function soak(adminUrl: string, minutes: number): Promise<Soak> {
  const posts = sizes[0]!;
  await dataSetUrl(posts, adminUrl);
  const databaseUrl = await soakDatabase(adminUrl, databaseName(posts));
  await prewarm(databaseUrl);
  const { server, url } = await startHushboard(databaseUrl);
  try {
    console.log(`\nsoak: ${minutes} min on a copy of the ${posts}-post data set, c=${connections}`);
    const requests = soakRequests(await signIn(url, 'user4'));
    const measured = soakMinutes({ url, process: server }, requests, minutes, connections, { rssMb, cpuMicros }, console.log);
    return { posts, connections, minutes: measured };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
}

async function main() {
  const admin = await benchAdminUrl(values['database-url']);
  try {
    buildIfMissing();
    const runs: SizeRun[] = [];
    // --only naming just the growth check (or nothing of the scenarios) runs no size.
    const anyScenario = scenarios({ cookie: '' }, { cookie: '' }).some(selected);
    if (anyScenario) for (const posts of sizes) runs.push(await benchSize(posts, admin.url));
    const growth = growthSelected ? await growthCheck(admin.url) : undefined;
    const soaked = soakMinutesAsked > 0 ? await soak(admin.url, soakMinutesAsked) : undefined;
    // Proof of work (bench/pow.ts): chosen by --only like a scenario named 'pow, proof of work'.
    const pow = !only || only.some((part) => 'pow, proof of work'.includes(part)) ? await powBench(admin.url, { posts: sizes[0]!, seconds: duration, connections: 10 }) : undefined;
    // Markdown's renderer (bench/markdown.ts), in this process: chosen by --only 'markdown'.
    const markdown = !only || only.some((part) => 'markdown'.includes(part)) ? markdownBench() : undefined;
    const markdownChecks = markdown ? [{ target: 'the nasty-input corpus renders in under 50 ms per post at the size limit', measured: `${markdown.nastyWorstMs} ms ("${markdown.nastyWorst}")`, met: markdown.nastyWorstMs < 50 }] : [];
    const fanout = liveSelected('sse fan-out') ? await sseFanout(admin.url, Number(values.streams)) : undefined;
    const readers = liveSelected('readers') ? await readersBench(admin.url, Number(values.readers)) : undefined;
    const longChecks = [...markdownChecks, ...checkLongRunTargets(growth, soaked), ...(fanout ? fanoutChecks(fanout) : []), ...(readers ? readersChecks(readers) : [])];
    const report = async (checks: ReturnType<typeof checkTargets>, rest: Record<string, unknown>) => {
      const all = [...checks, ...longChecks];
      if (all.length > 0) console.log('\nTargets');
      for (const check of all) console.log(`${check.met ? 'met    ' : 'MISSED '} ${check.target}: ${check.measured}`);
      const budgetFile = path.join(projectRoot, 'dist', 'web-budget.json');
      const webBudget = existsSync(budgetFile) ? JSON.parse(readFileSync(budgetFile, 'utf8')) : null;
      const json = { date: new Date().toISOString(), cores: os.cpus().length, sizes, duration, connections, runs, ...rest, growth, soak: soaked, pow, markdown, live: { fanout, readers }, webBudget, targets: all };
      const dir = path.join(projectRoot, 'bench', 'results');
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `bench-${sizes.join('-')}-${Date.now()}.json`);
      writeFileSync(file, JSON.stringify(json, null, 2));
      console.log(`\nreport: ${path.relative(projectRoot, file)}`);
    };
    if (runs.length === 0) return await report([], {});

    const large = runs.at(-1)!;
    const ratios = ['trivial route', 'primary-key route', 'thread page, 100 replies', 'thread page, 1,200 replies', 'board page 1', 'board page 8']
      .filter((name) => ['hushboard', 'baseline'].every((target) => large.results.some((r) => r.name === name && r.target === target)))
      .map((name) => ratio(large, name));
    // The visitors' thread page is kept per instance (threads/visitor-pages.ts); a signed-in reader's is built every time.
    if (find(large, 'thread page, 100 replies, signed in') && find(large, 'thread page, 100 replies', 'baseline')) ratios.push(ratio(large, 'thread page, 100 replies, signed in', 'thread page, 100 replies'));
    console.log(`\nHushboard / baseline at ${large.posts} posts`);
    for (const r of ratios) console.log(`${r.name.padEnd(36)} throughput ${r.throughput}  per CPU ${r.cpuEfficiency}  p99 ${r.p99}  body ${r.body}`);
    const scale = runs.length > 1 ? await scalingInTurns(runs[0]!.posts, large.posts, admin.url) : [];
    if (scale.length > 0) {
      console.log(`\n${large.posts} posts / ${runs[0]!.posts} posts, measured in turns`);
      for (const s of scale) console.log(`${s.name.padEnd(28)} throughput ${s.throughput}  p50 ${s.p50}  p99 ${s.p99}`);
    }
    if (large.lighthouse) {
      console.log('\nLighthouse, mobile');
      for (const page of large.lighthouse)
        console.log(`${page.name.padEnd(8)} performance ${page.performance}  LCP ${page.lcpMs} ms  TBT ${page.tbtMs} ms  CLS ${page.cls}  (runs ${page.allRuns.join('/')}, the median run shown)`);
    }
    await report(only ? [] : checkTargets(runs, scale), { ratios, scaling: scale });
  } finally {
    await admin.stop();
  }
}

await main();
