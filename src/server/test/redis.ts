// A redis-server of the test's own: a free loopback port, a temp folder, no persistence.
// Only the pid started here is ever signalled; the machine's own Redis is never touched.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { freePort, pollUntil } from './processes.js';

/** The redis-server binary, or undefined when it is not installed (the tests that need it skip). */
export const redisServerBinary: string | undefined = (() => {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() || undefined : undefined;
})();

export const REDIS_MISSING = 'redis-server is not installed (Debian: apt-get install redis-server): the Redis tests are skipped';

export interface TestRedis {
  url: string;
  /** Stops it (SIGTERM, then SIGKILL) and waits for the exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** SIGSTOP: connected, but answering nothing. */
  freeze(): void;
  thaw(): void;
  /** Every key, read through a connection of its own. */
  keys(pattern: string): Promise<string[]>;
  /** Stops it for good and removes its folder. */
  close(): Promise<void>;
}

export async function startTestRedis(): Promise<TestRedis> {
  if (!redisServerBinary) throw new Error(REDIS_MISSING);
  const binary = redisServerBinary;
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hushboard-redis-'));
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let output = '';

  const answers = async () => {
    const probe = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 500 });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      probe.disconnect();
    }
  };

  const start = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--protected-mode', 'yes'];
    const started = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    started.stdout!.on('data', (chunk) => (output += chunk));
    started.stderr!.on('data', (chunk) => (output += chunk));
    child = started;
    // A test run that ends without its afterAll leaves no redis-server behind.
    process.once('exit', () => started.kill('SIGKILL'));
    await pollUntil(
      async () => {
        if (started.exitCode !== null) throw new Error(`redis-server exited: ${output}`);
        return answers();
      },
      15_000,
      () => `redis-server did not answer within 15 s: ${output}`,
      100,
    );
  };

  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGCONT');
    running.kill('SIGTERM');
    const forced = setTimeout(() => running.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(forced);
  };

  await start();
  return {
    url,
    start,
    stop,
    freeze: () => void child?.kill('SIGSTOP'),
    thaw: () => void child?.kill('SIGCONT'),
    async keys(pattern) {
      const reader = new Redis(url, { maxRetriesPerRequest: 1 });
      try {
        return await reader.keys(pattern);
      } finally {
        reader.disconnect();
      }
    },
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
