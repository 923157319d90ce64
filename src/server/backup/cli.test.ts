import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../lib/paths.js';
import { useTestApp } from '../test/app.js';
import { signUp } from '../test/factories.js';
import { createEmptyDatabaseUrl, readTablesOf } from './test-helpers.js';

// The operator's commands as a process: `npm run cli -- backup` and `restore`, quiet when
// not on a terminal, and a SIGTERM mid-backup leaves no archive behind.

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hushboard-backup-cli-'));
const backupDir = mkdtempSync(path.join(os.tmpdir(), 'hushboard-backup-cli-out-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(backupDir, { recursive: true, force: true });
});
const t = useTestApp({ config: { dataDir } });
const SECRET = 'test-secret-that-is-long-enough';

function cli(databaseUrl: string, args: string[], onStart?: (child: ReturnType<typeof spawn>) => void) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const env = { ...process.env, DATABASE_URL: databaseUrl, SECRET, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], { cwd: projectRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    onStart?.(child);
  });
}

describe('npm run cli -- backup / restore', () => {
  it('backs up, refuses a board already there, and restores into an empty database', async () => {
    await signUp(t);
    const made = await cli(t.url, ['backup', '--to', backupDir]);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const [name] = await readdir(backupDir);
    expect(made.stdout).toMatch(new RegExp(`^Backup written: ${path.join(backupDir, name!).replace(/[.]/g, '\\.')} \\(\\d+ tables, \\d+ rows, 0 uploads, \\d+ bytes\\)\\n$`));

    const refused = await cli(t.url, ['restore', path.join(backupDir, name!)]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^The database is not empty \(rows in .*\): restore does not overwrite a board/);

    const empty = await createEmptyDatabaseUrl();
    const restored = await cli(empty, ['restore', path.join(backupDir, name!)]);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/^Restored .*: \d+ rows in \d+ tables and 0 uploads, made .* at migration \d{4}_\w+; the schema is now current\n$/);
    expect((await readTablesOf(empty)).users).toEqual((await readTablesOf(t.url)).users);
  }, 180_000);

  it('stopped by SIGTERM mid-backup, exits 1 and leaves nothing in the folder', async () => {
    const dir = mkdtempSync(path.join(backupDir, 'sigterm-'));
    // The backup waits on a table another transaction holds, with its archive begun.
    const holder = new pg.Client({ connectionString: t.url });
    const watcher = new pg.Client({ connectionString: t.url });
    await Promise.all([holder.connect(), watcher.connect()]);
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE saved_threads IN ACCESS EXCLUSIVE MODE');
    try {
      let seen: string[] = [];
      const result = await cli(t.url, ['backup', '--to', dir], (child) => {
        void (async () => {
          for (let waited = 0; waited < 150_000; waited += 100) {
            const { rows } = await watcher.query<{ waiting: boolean }>(
              "SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE application_name = 'hushboard-backup' AND wait_event_type = 'Lock') AS waiting",
            );
            seen = await readdir(dir);
            if (rows[0]?.waiting && seen.length > 0) break;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          child.kill('SIGTERM');
        })();
      });
      expect(seen[0]).toMatch(/^\.hushboard-backup-.*\.tar\.partial$/);
      expect(result.stderr).toBe('backup interrupted by SIGTERM: no archive was written\n');
      expect(result.code).toBe(1);
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await holder.query('ROLLBACK');
      await Promise.all([holder.end(), watcher.end()]);
    }
  }, 180_000);
});
