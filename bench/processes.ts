// What the bench scripts share to run the production server: a free port, waiting
// until it answers, the build and the data set made when missing.
import { type ChildProcess, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { projectRoot } from '../src/server/lib/paths.js';
import { databaseName, generate, withDatabase } from './data.js';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The SECRET the bench's server runs with: a server on DATABASE_URL refuses to start
 * without one (CONTRACT.md section 1). The caller's own SECRET when set, else a fresh one.
 */
export const serverSecret = (): string => process.env.SECRET?.trim() || randomBytes(32).toString('base64url');

export async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited`);
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} never became ready`);
}

export function buildIfMissing(): void {
  if (!existsSync(path.join(projectRoot, 'dist', 'server', 'main.js'))) execFileSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit' });
}

/** The URL of the data set of this size, generated first if the database lacks it. */
export async function dataSetUrl(posts: number, adminUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName(posts)])).rowCount === 1;
  await admin.end();
  return exists ? withDatabase(adminUrl, databaseName(posts)) : generate(posts, adminUrl);
}

/**
 * Reads the data set's tables and indexes into PostgreSQL's shared buffers. The bench's
 * PostgreSQL starts with them empty, and this machine's kernel reclaims idle page cache
 * (kdamond): after one run 1.1 GB of cache was left and a scenario's first reads waited
 * on the disk. Without pg_prewarm (an external server may lack it) the scenarios'
 * warm-ups are all there is.
 */
export async function prewarm(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_prewarm');
    const { rows } = await client.query<{ mb: string }>(
      "SELECT round(sum(pg_prewarm(c.oid) * current_setting('block_size')::int) / 1048576.0) AS mb FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'i', 't')",
    );
    console.log(`prewarmed ${rows[0]?.mb ?? 0} MB of tables and indexes`);
  } catch (error) {
    console.log(`not prewarmed (${(error as Error).message}): the scenarios' warm-ups read the data in`);
  } finally {
    await client.end();
  }
}
