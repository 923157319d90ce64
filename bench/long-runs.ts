// What only shows over time or with growth (issue 17, "long runs"): the growth check (a
// 1-post thread's page before and after one thread grew to 50,000 posts) and the soak (a
// read-and-write mix for minutes on end, throughput and RSS minute by minute). Both run
// on databases of their own, so the data sets of the other scenarios stay as generated.
import { type ChildProcess, execFileSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { projectRoot } from '../src/server/lib/paths.js';
import { BENCH_PASSWORD, withDatabase } from './data.js';

/** Posts the grown thread holds in the growth check. */
export const GROWN_THREAD_POSTS = 50_000;
/** Threads of one reply each on the young board of the growth check. */
const YOUNG_BOARD_THREADS = 10;

export interface LoadOptions {
  url: string;
  connections: number;
  duration: number;
  /** The method and headers of every request unless a request names its own. */
  method?: string;
  headers?: Record<string, string>;
  /** Seconds before a request counts as timed out. */
  timeout?: number;
  requests: { path: string; method?: string; body?: string; headers?: Record<string, string> }[];
}

export interface LoadSummary {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}

/** autocannon in its own process (bench/load.mjs), as every other scenario runs. */
export function runLoad(options: LoadOptions): LoadSummary {
  const output = execFileSync(process.execPath, [path.join(projectRoot, 'bench', 'load.mjs'), JSON.stringify(options)], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(output) as LoadSummary;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The growth check's two databases: a young board (a few threads of one reply each), and
 * the same board where one more thread has grown to 50,000 posts. Returns their URLs and
 * the 1-post thread both serve. Recreated on every run (a second or two).
 */
export async function growthDatabases(adminUrl: string, migrate: (url: string) => Promise<void>): Promise<{ before: string; after: string; threadId: number }> {
  const [before, after] = ['bench_growth_before', 'bench_growth_after'];
  await withClient(adminUrl, async (admin) => {
    for (const name of [before, after]) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${before}"`);
  });
  const beforeUrl = withDatabase(adminUrl, before);
  await migrate(beforeUrl);
  const threadId = await withClient(beforeUrl, async (client) => {
    await client.query(`INSERT INTO users (username, password_hash) SELECT 'grower' || g, 'x' FROM generate_series(1, 100) g`);
    await client.query(
      `INSERT INTO threads (board_id, user_id, title, content, is_anonymous) SELECT (SELECT id FROM boards WHERE code = 'g'), 1 + g % 100, 'Thread ' || g, 'A young thread', false FROM generate_series(1, ${YOUNG_BOARD_THREADS + 1}) g`,
    );
    // Every thread but the last gets one reply; the last one stays empty until it grows.
    await client.query(`INSERT INTO posts (thread_id, user_id, content, is_anonymous) SELECT id, user_id, 'The one reply', false FROM threads ORDER BY id LIMIT ${YOUNG_BOARD_THREADS}`);
    await client.query('UPDATE threads SET reply_count = (SELECT count(*) FROM posts WHERE thread_id = threads.id)');
    await client.query('VACUUM ANALYZE');
    return Number((await client.query<{ id: number }>('SELECT min(id) AS id FROM threads')).rows[0]!.id);
  });
  await withClient(adminUrl, (admin) => admin.query(`CREATE DATABASE "${after}" TEMPLATE "${before}"`));
  const afterUrl = withDatabase(adminUrl, after);
  await withClient(afterUrl, async (client) => {
    const grown = (await client.query<{ id: number }>('SELECT max(id) AS id FROM threads')).rows[0]!.id;
    await client.query(`INSERT INTO posts (thread_id, user_id, content, is_anonymous) SELECT ${grown}, 1 + g % 100, 'Reply ' || g, g % 2 = 0 FROM generate_series(1, ${GROWN_THREAD_POSTS}) g`);
    await client.query(`UPDATE threads SET reply_count = ${GROWN_THREAD_POSTS}, bumped_at = now() WHERE id = ${grown}`);
    await client.query('VACUUM ANALYZE');
  });
  return { before: beforeUrl, after: afterUrl, threadId };
}

/** A copy of a data set for the soak, which writes for minutes. */
export async function soakDatabase(adminUrl: string, source: string): Promise<string> {
  const name = 'bench_soak';
  await withClient(adminUrl, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${source}"`);
  });
  return withDatabase(adminUrl, name);
}

/** A signed-in client's headers on a running server: the CSRF cookie and token, and the session. */
export async function signIn(url: string, username: string): Promise<Record<string, string>> {
  // A read sets no cookie; the login, sent with its token, sets the CSRF cookie and the session.
  const first = await fetch(`${url}/api/user`);
  const token = first.headers.get('x-csrf-token') ?? '';
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': token },
    body: JSON.stringify({ username, password: BENCH_PASSWORD }),
  });
  if (!login.ok) throw new Error(`login as ${username}: ${login.status}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { cookie, 'x-csrf-token': token, 'content-type': 'application/json' };
}

/** The thread the soak replies to: it grows by every reply of the run. */
export const SOAK_REPLY_THREAD_ID = 9;

/**
 * The soak's mix, taken in turn by every connection: the page of the thread it keeps
 * replying to, a thread of 100 replies, board pages, the feeds, and replies (one request
 * in eight writes).
 */
export function soakRequests(signedIn: Record<string, string>): LoadOptions['requests'] {
  const reply = { path: '/api/posts', method: 'POST' as const, body: JSON.stringify({ threadId: SOAK_REPLY_THREAD_ID, content: 'A soak reply' }), headers: signedIn };
  return [
    { path: `/api/threads/${SOAK_REPLY_THREAD_ID}` },
    { path: '/api/threads/6' },
    { path: '/api/boards/g/threads' },
    reply,
    { path: '/api/threads/simple-recent' },
    { path: '/api/boards/g/threads?page=8' },
    { path: `/api/threads/${SOAK_REPLY_THREAD_ID}` },
    { path: '/api/threads/simple-popular' },
  ];
}

export interface SoakMinute {
  minute: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failed: number;
  serverErrors: number;
  rssMb: number;
  cpuMicrosPerRequest: number;
}

/** One minute of the mix at a time, with the server's RSS and CPU read at each minute's end. */
export function soakMinutes(
  server: { url: string; process: ChildProcess },
  requests: LoadOptions['requests'],
  minutes: number,
  connections: number,
  probes: { rssMb(pid: number): number; cpuMicros(pid: number): number },
  log: (line: string) => void,
): SoakMinute[] {
  const pid = server.process.pid!;
  const measured: SoakMinute[] = [];
  for (let minute = 1; minute <= minutes; minute++) {
    const cpuBefore = probes.cpuMicros(pid);
    const result = runLoad({ url: server.url, connections, duration: 60, requests });
    const cpuUsed = probes.cpuMicros(pid) - cpuBefore;
    const serverErrors = Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => Number(code) >= 500)
      .reduce((n, [, stat]) => n + stat.count, 0);
    const entry: SoakMinute = {
      minute,
      requestsPerSecond: Math.round(result.requests.total / 60),
      p50: result.latency.p50,
      p99: result.latency.p99,
      failed: result.errors + result.non2xx,
      serverErrors,
      rssMb: probes.rssMb(pid),
      cpuMicrosPerRequest: Math.round(cpuUsed / Math.max(result.requests.total, 1)),
    };
    measured.push(entry);
    log(
      `soak minute ${String(minute).padStart(2)}  ${String(entry.requestsPerSecond).padStart(6)} req/s  p50 ${String(entry.p50).padStart(4)} ms  p99 ${String(entry.p99).padStart(5)} ms  failed ${entry.failed}${entry.serverErrors ? ` (5xx ${entry.serverErrors})` : ''}  rss ${entry.rssMb} MB  cpu ${entry.cpuMicrosPerRequest} µs/req`,
    );
  }
  return measured;
}
