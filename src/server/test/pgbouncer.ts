// A PgBouncer of the test's own (Debian's pgbouncer, 1.18 on bookworm) in transaction
// mode, on a free loopback port, in front of the test PostgreSQL. Only the pid started
// here is ever signalled.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, pollUntil } from './processes.js';

/** The pgbouncer binary, or undefined when it is not installed (the tests that need it skip). */
export const pgbouncerBinary: string | undefined = (() => {
  const found = spawnSync('sh', ['-c', 'command -v pgbouncer || ls /usr/sbin/pgbouncer'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim().split('\n')[0] || undefined : undefined;
})();

export const PGBOUNCER_MISSING = 'pgbouncer is not installed (Debian: apt-get install pgbouncer): the PgBouncer tests are skipped';

export interface TestPgBouncer {
  /** `target` with PgBouncer's host and port. */
  urlFor(target: string): string;
  close(): Promise<void>;
}

/**
 * Starts PgBouncer in transaction mode in front of the server of `serverUrl` (any
 * database on it; PgBouncer logs in with that URL's user and password). Clients need no
 * password. `poolSize` server connections per database: fewer than the app's pool, so
 * consecutive transactions of one app connection land on different server connections.
 */
export async function startTestPgBouncer(serverUrl: string, { poolSize = 3 } = {}): Promise<TestPgBouncer> {
  if (!pgbouncerBinary) throw new Error(PGBOUNCER_MISSING);
  const server = new URL(serverUrl);
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hushboard-pgbouncer-'));
  // PgBouncer refuses to run as root: it then runs as postgres (-u), which must read and write here.
  chmodSync(dir, 0o777);
  const ini = path.join(dir, 'pgbouncer.ini');
  const log = path.join(dir, 'pgbouncer.log');
  const target = [
    `host=${server.hostname}`,
    `port=${server.port || '5432'}`,
    `user=${decodeURIComponent(server.username || 'postgres')}`,
    ...(server.password ? [`password=${decodeURIComponent(server.password)}`] : []),
  ].join(' ');
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = ${target}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = any',
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 200',
      `logfile = ${log}`,
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  const args = [...(process.getuid?.() === 0 ? ['-u', 'postgres'] : []), ini];
  let output = '';
  const child: ChildProcess = spawn(pgbouncerBinary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  process.once('exit', () => child.kill('SIGKILL'));
  const urlFor = (database: string) => {
    const url = new URL(database);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    url.username = 'postgres';
    url.password = '';
    return url.toString();
  };
  const logText = () => {
    try {
      return readFileSync(log, 'utf8').slice(-2000);
    } catch {
      return '';
    }
  };
  await pollUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`pgbouncer exited: ${output} ${logText()}`);
      const probe = new pg.Client({ connectionString: urlFor(serverUrl), connectionTimeoutMillis: 1000 });
      try {
        await probe.connect();
        await probe.query('SELECT 1');
        return true;
      } catch {
        return false;
      } finally {
        await probe.end().catch(() => undefined);
      }
    },
    15_000,
    () => `pgbouncer did not answer within 15 s: ${output} ${logText()}`,
    100,
  );
  return {
    urlFor,
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGINT');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
