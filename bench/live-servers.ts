// What the live-update benchmarks (sse-fanout.ts, readers.ts) share: a fresh database,
// instances of the production server on it (one SECRET, TRUST_PROXY so that each
// simulated reader has an address of its own), the stream generator process, a signed-in
// writer, and the figures read from /proc and pg_stat_database.
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase } from '../src/server/db/client.js';
import { prepareDatabase } from '../src/server/db/migrate.js';
import { projectRoot } from '../src/server/lib/paths.js';
import { withDatabase } from './data.js';
import { freePort, serverSecret, waitFor } from './processes.js';

export const now = () => performance.timeOrigin + performance.now();

/** A migrated, empty database `name` (dropped first when it exists). */
export async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const database = createDatabase(url, { warn() {} }, { max: 1 });
  await prepareDatabase(database.pool);
  await database.close();
  return url;
}

export interface Instance {
  child: ChildProcess;
  pid: number;
  url: string;
}

/** The production server (dist/server/main.js) on `databaseUrl`; resolves once it is ready. */
export async function startInstance(databaseUrl: string, secret = serverSecret()): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SECRET: secret,
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      TRUST_PROXY: 'true',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'hushboard-bench-live-')),
      // As npm start runs it (package.json): the allocator setting the server ships with.
      MALLOC_MMAP_THRESHOLD_: '131072',
    },
    // BENCH_LIVE_LOG_DIR: keep each server's log there (server-<port>.log) instead of dropping it.
    stdio: process.env.BENCH_LIVE_LOG_DIR ? ['ignore', openSync(path.join(process.env.BENCH_LIVE_LOG_DIR, `server-${port}.log`), 'w'), 'inherit'] : 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/readyz`, child);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return { child, pid: child.pid!, url };
}

export async function stopInstances(instances: Instance[]): Promise<void> {
  const exits = instances.map(({ child }) => (child.exitCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve))));
  for (const { child } of instances) child.kill('SIGTERM');
  await Promise.race([Promise.all(exits), new Promise((resolve) => setTimeout(resolve, 15_000))]);
}

/** CPU time (user + system) a process has used so far, in microseconds (clock ticks of 10 ms). */
export function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

export function rssKb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
}

/** A signed-in writer: register (rate limits are off) and keep the cookies and token. */
export async function writer(base: string, name = `w${Date.now().toString(36)}`) {
  const first = await fetch(`${base}/api/user`, { headers: { 'x-forwarded-for': '192.0.2.1' } });
  let token = first.headers.get('x-csrf-token') ?? '';
  const cookies = new Map<string, string>();
  const absorb = (response: Response) => {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [key, ...value] = pair!.split('=');
      cookies.set(key!, value.join('='));
    }
    token = response.headers.get('x-csrf-token') ?? token;
  };
  absorb(first);
  const send = async (method: string, url: string, body: unknown) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-forwarded-for': '192.0.2.1' },
      body: JSON.stringify(body),
    });
    absorb(response);
    return response;
  };
  const registered = await send('POST', '/api/register', { username: name, password: 'bench-password-1' });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const boards = (await (await fetch(`${base}/api/boards`)).json()) as { id: number }[];
  return {
    send,
    async thread(title: string): Promise<number> {
      const response = await send('POST', '/api/threads', { boardId: boards[0]!.id, title, content: 'Watched by many.' });
      if (response.status !== 201) throw new Error(`thread: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { id: number }).id;
    },
    /** Posts a reply; its id, the moment the request went and the moment its 201 arrived. */
    async reply(threadId: number, content = 'A reply everyone should see'): Promise<{ id: number; sentAt: number; createdAt: number }> {
      let sentAt = now();
      let response = await send('POST', '/api/posts', { threadId, content });
      // A server saturated by a burst of readers answers 503 after its 1 s wait for a pool
      // client (CONTRACT.md section 9); a writer tries again, as a person would.
      for (let retry = 0; response.status === 503 && retry < 10; retry++) {
        console.log(`  (the reply was refused with 503 under load; trying again)`);
        await sleep(250);
        sentAt = now();
        response = await send('POST', '/api/posts', { threadId, content });
      }
      const createdAt = now();
      if (response.status !== 201) throw new Error(`reply: ${response.status} ${await response.text()}`);
      return { id: ((await response.json()) as { id: number }).id, sentAt, createdAt };
    },
  };
}

type GeneratorMessage =
  | { type: 'opened'; open: number; failed: number; errors: Record<string, number>; ms: number }
  | { type: 'delivered'; times: number[]; refetched: number[]; missing: number; missingWhy?: Record<string, number> }
  | { type: 'armed' }
  | { type: 'closed' }
  | { type: 'polling'; readers: number }
  | { type: 'counts'; requests: number; notModified: number; ok: number; failed: number };

/** bench/sse-streams.mjs in a process of its own, with a request/answer call over IPC. */
export function streamGenerator() {
  const child = fork(path.join(projectRoot, 'bench', 'sse-streams.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const call = <T extends GeneratorMessage['type']>(message: object, answer: T): Promise<Extract<GeneratorMessage, { type: T }>> =>
    new Promise((resolve, reject) => {
      const onMessage = (reply: GeneratorMessage) => {
        if (reply.type !== answer) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(reply as Extract<GeneratorMessage, { type: T }>);
      };
      const onExit = (code: number | null) => reject(new Error(`the stream generator exited (${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send(message);
    });
  return {
    pid: child.pid!,
    open: (targets: { base: string; threadId: number; count: number }[], options: { concurrency?: number; firstAddress?: number; refetch?: boolean } = {}) =>
      call({ type: 'open', targets, concurrency: options.concurrency ?? 100, firstAddress: options.firstAddress ?? 1, refetch: options.refetch ?? false }, 'opened'),
    poll: (target: { base: string; threadId: number; count: number; intervalMs: number }) => call({ type: 'poll', ...target }, 'polling'),
    counts: () => call({ type: 'counts' }, 'counts'),
    arm: () => call({ type: 'arm' }, 'armed'),
    awaitDelivery: (timeoutMs: number) => call({ type: 'await', timeoutMs }, 'delivered'),
    close: async () => {
      if (child.exitCode === null) await call({ type: 'close' }, 'closed').catch(() => undefined);
    },
  };
}

/** Transactions committed or rolled back in `url`'s database so far (every statement outside a transaction is one). */
export async function transactions(client: pg.Client): Promise<number> {
  // Statistics reach pg_stat_database when a backend reports them (at most once a second while busy).
  await client.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await client.query<{ n: string }>('SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()');
  return Number(rows[0]!.n);
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
