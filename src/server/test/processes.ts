// Real server processes for the lifecycle and fault tests: temp DATA_DIRs, free ports,
// a cookie-and-CSRF HTTP client, and the embedded PostgreSQL's processes. Every process
// signalled here was started by the test itself, or is the postmaster (and its
// children) of a DATA_DIR the test made: nothing else on the machine is touched.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { isPostmasterOf } from '../db/embedded.js';
import { projectRoot } from '../lib/paths.js';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const tempDirs: string[] = [];

export function tempDir(prefix = 'hushboard-life-'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  // Under root the database runs as the postgres user, who must be able to enter it.
  chmodSync(dir, 0o755);
  return dir;
}

/** A tiny browser: cookies and the CSRF token across fetch calls. */
export function httpClient(base: string) {
  const cookies = new Map<string, string>();
  let csrf = '';
  const absorb = (response: Response) => {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, ...value] = pair!.split('=');
      cookies.set(name!, value.join('='));
    }
    csrf = response.headers.get('x-csrf-token') ?? csrf;
  };
  const request = async (method: string, url: string, body?: unknown) => {
    if (method !== 'GET' && !csrf) await fetch(`${base}/api/user`).then((r) => absorb(r));
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        cookie: request.cookieHeader(),
        ...(method !== 'GET' ? { 'x-csrf-token': csrf } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    absorb(response);
    return response;
  };
  request.cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  request.csrf = () => csrf;
  return request;
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  port: number;
  dataDir: string;
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

const started: ServerProcess[] = [];

/**
 * Starts the built server (dist/server/main.js; `npm run test:faults` builds it), or
 * `command` (e.g. npm start), with the embedded database in `dataDir` (or `env.DATABASE_URL`'s).
 */
export function startServer(options: { dataDir: string; port: number; env?: NodeJS.ProcessEnv; command?: string[] }): ServerProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: options.dataDir,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'info',
  };
  // The embedded database of dataDir unless the test itself names one (the cluster test).
  delete env.DATABASE_URL;
  Object.assign(env, options.env);
  const [command, ...args] = options.command ?? [process.execPath, 'dist/server/main.js'];
  const child = spawn(command!, args, { cwd: projectRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const server: ServerProcess = {
    child,
    base: `http://127.0.0.1:${options.port}`,
    port: options.port,
    dataDir: options.dataDir,
    output: () => output,
    exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))),
  };
  started.push(server);
  return server;
}

/** Calls `probe` every `interval` ms until it returns true; throws `message()` after `timeout` ms. */
export async function pollUntil(probe: () => boolean | Promise<boolean>, timeout: number, message: () => string, interval = 200): Promise<void> {
  const until = Date.now() + timeout;
  while (!(await probe())) {
    if (Date.now() > until) throw new Error(message());
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

/** Waits (up to 90 s) until the server answers /readyz with 200. */
export async function waitReady(server: ServerProcess): Promise<void> {
  await pollUntil(
    async () => {
      if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.output()}`);
      return (await fetch(`${server.base}/readyz`, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined))?.status === 200;
    },
    90_000,
    () => `the server was not ready within 90 s: ${server.output()}`,
  );
}

/** The pid of the postmaster serving `dataDir`'s cluster, or null. */
export async function postmasterPid(dataDir: string): Promise<number | null> {
  const clusterDir = path.join(dataDir, 'postgres');
  try {
    const pid = Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return (await isPostmasterOf(pid, clusterDir)) ? pid : null;
  } catch {
    return null;
  }
}

/** The direct children of `pid` (a postmaster's backends and helpers), from /proc. */
export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/** Whether `pid` runs: a zombie (dead, not yet reaped by an init that may take its time) does not. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Waits (bounded) until none of `pids` is alive. */
export async function waitGone(pids: number[], timeoutMs = 15_000): Promise<void> {
  await pollUntil(() => !pids.some(isAlive), timeoutMs, () => `still alive after ${timeoutMs} ms: ${pids.filter(isAlive).join(', ')}`, 100);
}

/** Kills what the tests started (their servers, the embedded PostgreSQL of their DATA_DIRs) and removes their temp dirs. */
export async function killStarted(): Promise<void> {
  const postmasters: number[] = [];
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    const pid = await postmasterPid(server.dataDir);
    if (pid !== null) {
      // SIGCONT first, in case a test froze it; SIGQUIT is PostgreSQL's immediate shutdown.
      for (const child of childrenOf(pid)) process.kill(child, 'SIGCONT');
      process.kill(pid, 'SIGCONT');
      process.kill(pid, 'SIGQUIT');
      postmasters.push(pid);
    }
  }
  await waitGone(postmasters).catch(() => undefined);
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A GET with a time limit: its status, its JSON message, and how long it took. */
export async function timedGet(url: string): Promise<{ status: number; message?: string; ms: number }> {
  const start = performance.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(20_000) });
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  return { status: response.status, message: body.message, ms: Math.round(performance.now() - start) };
}
