// `npm run bench -- --posts 10000`: the production build and a raw baseline, driven
// by autocannon (a separate process) through the scenarios of the performance
// issue; a table on screen and JSON in bench/results/.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { projectRoot } from '../src/server/lib/paths.js';
import { BENCH_PASSWORD, benchAdminUrl, databaseName, generate, withDatabase } from './data.js';
import { random, vocabulary } from './words.js';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'database-url': { type: 'string' },
  },
});
const posts = Number(values.posts);
const duration = Number(values.duration);
const connections = Number(values.connections);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited`);
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} never became ready`);
}

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

interface Scenario {
  name: string;
  target: 'hushboard' | 'baseline';
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  connections?: number;
}

interface Result {
  name: string;
  target: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  bodyBytes: number;
  rssMb: number;
  /** Server CPU per request: unlike requests/s, it hardly moves when other work shares the machine. */
  cpuMicrosPerRequest: number;
  /** The server's event-loop delay during the scenario (Hushboard only). */
  eventLoopDelay: { p50: number; p99: number; max: number } | null;
}

function autocannon(url: string, scenario: Scenario, conns: number): { requests: { average: number; total: number }; latency: { p50: number; p99: number }; errors: number; non2xx: number; throughput: { total: number } } {
  const args = ['-j', '-c', String(conns), '-d', String(duration), '-m', scenario.method ?? 'GET'];
  if (scenario.body) args.push('-b', scenario.body);
  for (const [name, value] of Object.entries(scenario.headers ?? {})) args.push('-H', `${name}=${value}`);
  args.push(url);
  const output = execFileSync(path.join(projectRoot, 'node_modules', '.bin', 'autocannon'), args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
  return JSON.parse(output);
}

async function main() {
  const admin = await benchAdminUrl(values['database-url']);
  const children: ChildProcess[] = [];
  try {
    const client = new pg.Client({ connectionString: admin.url });
    await client.connect();
    const exists = (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName(posts)])).rowCount === 1;
    await client.end();
    const databaseUrl = exists ? withDatabase(admin.url, databaseName(posts)) : await generate(posts, admin.url);
    if (!existsSync(path.join(projectRoot, 'dist', 'server', 'main.js'))) execFileSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit' });

    const [appPort, basePort] = [await freePort(), await freePort()];
    // Production logging (one line per request, to /dev/null here): logging is one of the layers measured.
    const env = { ...process.env, DATABASE_URL: databaseUrl, RATE_LIMIT: 'off', LOG_LEVEL: 'info', HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'hushboard-bench-')) };
    const eldFile = path.join(env.DATA_DIR, 'event-loop-delay.json');
    const server = spawn(process.execPath, ['--import', './bench/eld-probe.mjs', 'dist/server/main.js'], {
      cwd: projectRoot,
      env: { ...env, PORT: String(appPort), BENCH_ELD_FILE: eldFile },
      stdio: 'ignore',
    });
    const baseline = spawn(process.execPath, ['--import', 'tsx', 'bench/baseline.ts'], { cwd: projectRoot, env: { ...env, PORT: String(basePort) }, stdio: 'ignore' });
    children.push(server, baseline);
    const app = `http://127.0.0.1:${appPort}`;
    const base = `http://127.0.0.1:${basePort}`;
    await Promise.all([waitFor(`${app}/readyz`, server), waitFor(`${base}/trivial`, baseline)]);

    // A signed-in client for the write scenarios: cookies and the CSRF token.
    const first = await fetch(`${app}/api/user`);
    const csrfCookie = first.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const token = first.headers.get('x-csrf-token') ?? '';
    const login = await fetch(`${app}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: csrfCookie, 'x-csrf-token': token },
      body: JSON.stringify({ username: 'user2', password: BENCH_PASSWORD }),
    });
    const sessionCookie = [csrfCookie, ...login.headers.getSetCookie().map((c) => c.split(';')[0])].join('; ');
    const signedIn = { cookie: sessionCookie, 'x-csrf-token': token, 'content-type': 'application/json' };
    const words = vocabulary(20_000, random(42));

    const scenarios: Scenario[] = [
      { name: 'trivial route', target: 'hushboard', path: '/healthz' },
      { name: 'trivial route', target: 'baseline', path: '/trivial' },
      // A returning visitor sends the CSRF cookie; a new one gets it minted (and must cost the same).
      { name: 'trivial route, with cookie', target: 'hushboard', path: '/healthz', headers: { cookie: csrfCookie } },
      { name: 'primary-key route', target: 'hushboard', path: '/api/board-by-id/1' },
      { name: 'primary-key route', target: 'baseline', path: '/api/board-by-id/1' },
      { name: 'thread page, 100 replies', target: 'hushboard', path: '/api/threads/6' },
      { name: 'thread page, 100 replies', target: 'baseline', path: '/api/threads/6' },
      { name: 'thread page, 1,200 replies', target: 'hushboard', path: '/api/threads/1' },
      { name: 'thread page, 1,200 replies', target: 'baseline', path: '/api/threads/1' },
      { name: 'board page 1', target: 'hushboard', path: '/api/boards/g/threads' },
      { name: 'board page 1', target: 'baseline', path: '/api/boards/g/threads' },
      { name: 'board page 8', target: 'hushboard', path: '/api/boards/g/threads?page=8' },
      { name: 'board page 8', target: 'baseline', path: '/api/boards/g/threads?page=8' },
      { name: 'recent feed', target: 'hushboard', path: '/api/threads/simple-recent' },
      { name: 'popular feed', target: 'hushboard', path: '/api/threads/simple-popular' },
      { name: 'search, common word', target: 'hushboard', path: `/api/search?query=${words[0]}` },
      { name: 'search, rare word', target: 'hushboard', path: `/api/search?query=${words[15_000]}` },
      { name: 'search, no match', target: 'hushboard', path: '/api/search?query=xyzzyplugh' },
      { name: 'search, common word', target: 'hushboard', path: `/api/search?query=${words[0]}`, connections: 1 },
      { name: 'create reply', target: 'hushboard', path: '/api/posts', method: 'POST', body: JSON.stringify({ threadId: 7, content: 'A benchmark reply' }), headers: signedIn },
      { name: 'vote', target: 'hushboard', path: '/api/threads/8/vote', method: 'POST', body: JSON.stringify({ voteType: 1 }), headers: signedIn },
      { name: 'login', target: 'hushboard', path: '/api/login', method: 'POST', body: JSON.stringify({ username: 'user3', password: BENCH_PASSWORD }), headers: { cookie: csrfCookie, 'x-csrf-token': token, 'content-type': 'application/json' }, connections: 10 },
    ];

    const results: Result[] = [];
    for (const scenario of scenarios) {
      const url = (scenario.target === 'hushboard' ? app : base) + scenario.path;
      const pid = scenario.target === 'hushboard' ? server.pid! : baseline.pid!;
      const conns = scenario.connections ?? connections;
      if (!scenario.method) await fetch(url); // warm the route and its plans
      const bodyBytes = scenario.method ? 0 : Buffer.byteLength(await (await fetch(url)).text());
      if (scenario.target === 'hushboard') server.kill('SIGUSR2');
      const cpuBefore = cpuMicros(pid);
      const run = autocannon(url, scenario, conns);
      const cpuUsed = cpuMicros(pid) - cpuBefore;
      const eventLoopDelay = scenario.target === 'hushboard' && existsSync(eldFile) ? (JSON.parse(readFileSync(eldFile, 'utf8')) as Result['eventLoopDelay']) : null;
      results.push({
        name: scenario.name,
        target: scenario.target,
        connections: conns,
        requestsPerSecond: Math.round(run.requests.average),
        p50: run.latency.p50,
        p99: run.latency.p99,
        errors: run.errors,
        non2xx: run.non2xx,
        bodyBytes,
        rssMb: rssMb(pid),
        cpuMicrosPerRequest: Math.round(cpuUsed / Math.max(run.requests.total, 1)),
        eventLoopDelay,
      });
      const last = results.at(-1)!;
      console.log(`${last.name.padEnd(28)} ${last.target.padEnd(9)} c=${String(conns).padStart(2)} ${String(last.requestsPerSecond).padStart(7)} req/s  p50 ${String(last.p50).padStart(4)} ms  p99 ${String(last.p99).padStart(5)} ms  errors ${last.errors + last.non2xx}  body ${last.bodyBytes} B  rss ${last.rssMb} MB  cpu ${last.cpuMicrosPerRequest} µs/req${last.eventLoopDelay ? `  loop p99 ${last.eventLoopDelay.p99} ms` : ''}`);
    }

    const ratios = ['trivial route', 'primary-key route', 'thread page, 100 replies', 'thread page, 1,200 replies', 'board page 1', 'board page 8'].map((name) => {
      const ours = results.find((r) => r.name === name && r.target === 'hushboard')!;
      const theirs = results.find((r) => r.name === name && r.target === 'baseline')!;
      return {
        name,
        throughput: +(ours.requestsPerSecond / theirs.requestsPerSecond).toFixed(2),
        // Requests per CPU second, ours over theirs: the throughput ratio a saturated core would show.
        cpuEfficiency: +(theirs.cpuMicrosPerRequest / Math.max(ours.cpuMicrosPerRequest, 1)).toFixed(2),
        p99: +(ours.p99 / Math.max(theirs.p99, 1)).toFixed(2),
        body: +(ours.bodyBytes / Math.max(theirs.bodyBytes, 1)).toFixed(2),
      };
    });
    console.log('\nHushboard / baseline');
    for (const ratio of ratios) console.log(`${ratio.name.padEnd(28)} throughput ${ratio.throughput}  per CPU ${ratio.cpuEfficiency}  p99 ${ratio.p99}  body ${ratio.body}`);

    const report = { date: new Date().toISOString(), cores: os.cpus().length, posts, duration, connections, results, ratios };
    const dir = path.join(projectRoot, 'bench', 'results');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `bench-${posts}-${Date.now()}.json`);
    writeFileSync(file, JSON.stringify(report, null, 2));
    console.log(`\nreport: ${path.relative(projectRoot, file)}`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await admin.stop();
  }
}

await main();
