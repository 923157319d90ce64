// The server as an operator runs it: a real process, the embedded database's
// lifecycle, the CLI beside a running server, and a graceful stop.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { createDatabase } from './db/client.js';
import { startEmbeddedPostgres } from './db/embedded.js';
import { prepareDatabase } from './db/migrate.js';
import { projectRoot } from './lib/paths.js';
import { createTestDatabaseUrl, testConfig } from './test/app.js';
import { freePort, httpClient, tempDir } from './test/processes.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

describe('/readyz', () => {
  it('turns 503 when the database stops and 200 again when it is back', async () => {
    const clusterDir = path.join(tempDir(), 'postgres');
    const port = await freePort();
    const options = { clusterDir, port, settings: { fsync: 'off' } };
    let embedded = await startEmbeddedPostgres(options);
    cleanups.push(() => embedded.stop());
    const database = createDatabase(embedded.url, { warn() {} });
    cleanups.push(() => database.close());
    await prepareDatabase(database.pool);
    const app = await buildApp({ config: testConfig(), database });
    // A request caught mid-query by the shutdown: it must fail cleanly, not crash the process.
    app.get('/api/test-slow', async () => app.db.transaction(async (tx) => tx.execute(sql`SELECT pg_sleep(30)`)));
    cleanups.push(() => app.close());

    expect((await app.inject('/readyz')).statusCode).toBe(200);
    const inFlight = app.inject('/api/test-slow');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await embedded.stop();
    expect((await inFlight).statusCode).toBe(503);
    const down = await app.inject('/readyz');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ message: 'Database unavailable' });
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    // Reading the boards while down is a 503 too, never a 500.
    expect((await app.inject('/api/boards')).statusCode).toBe(503);

    embedded = await startEmbeddedPostgres(options);
    await expect.poll(async () => (await app.inject('/readyz')).statusCode, { timeout: 15_000 }).toBe(200);
    expect((await app.inject('/api/boards')).json()).toHaveLength(7);
  });
});

function runCli(env: NodeJS.ProcessEnv, args: string[], stdin?: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], { cwd: projectRoot, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.stdin.end(stdin ?? '');
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('the server process and the CLI', () => {
  it('creates and promotes admins while the server runs, then stops gracefully on SIGTERM', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', RATE_LIMIT: 'off', LOG_LEVEL: 'warn' };
    // Against an external server the test uses a fresh database there; else the embedded one.
    // (With DATABASE_URL the server and the CLI need a SECRET: CONTRACT.md section 1.)
    if (process.env.TEST_DATABASE_URL) Object.assign(env, { DATABASE_URL: await createTestDatabaseUrl(), SECRET: 'lifecycle-test-secret-value' });
    else delete env.DATABASE_URL;

    const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: projectRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let serverOutput = '';
    server.stdout!.on('data', (chunk) => (serverOutput += chunk));
    server.stderr!.on('data', (chunk) => (serverOutput += chunk));
    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    cleanups.push(async () => {
      if (server.exitCode === null) server.kill('SIGKILL');
    });
    const base = `http://127.0.0.1:${port}`;
    await expect
      .poll(
        async () => {
          if (server.exitCode !== null) throw new Error(`the server exited: ${serverOutput}`);
          return (await fetch(`${base}/readyz`).catch(() => undefined))?.status;
        },
        { timeout: 60_000, interval: 250 },
      )
      .toBe(200);

    const created = await runCli(env, ['create-admin', 'chief'], 'chiefpass\n');
    expect(created.output).toContain('Created admin chief');
    expect(created.code).toBe(0);

    const admin = httpClient(base);
    const login = await admin('POST', '/api/login', { username: 'chief', password: 'chiefpass' });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { isAdmin: boolean }).isAdmin).toBe(true);

    const member = httpClient(base);
    expect((await member('POST', '/api/register', { username: 'member1', password: 'memberpass' })).status).toBe(201);
    expect(((await (await member('GET', '/api/user')).json()) as { isAdmin: boolean }).isAdmin).toBe(false);
    const promoted = await runCli(env, ['create-admin', 'member1']);
    expect(promoted.output).toContain('member1 is now an admin');
    expect(((await (await member('GET', '/api/user')).json()) as { isAdmin: boolean }).isAdmin).toBe(true);

    const missing = await runCli(env, ['create-admin', 'nobody_yet']);
    expect(missing.code).toBe(1);
    expect(missing.output).toMatch(/password on standard input/);
    const invalid = await runCli(env, ['create-admin', 'x!']);
    expect(invalid.code).toBe(1);
    expect(invalid.output).toContain('Username must be at least 3 characters');

    server.kill('SIGTERM');
    expect(await exited, serverOutput).toBe(0);
    if (!env.DATABASE_URL) expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 120_000);
});
