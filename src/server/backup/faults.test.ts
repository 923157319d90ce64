import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/client.js';
import { testConfig, useTestApp } from '../test/app.js';
import { createReply, signUp } from '../test/factories.js';
import { backup, type BackupResult } from './backup.js';
import { archiveTime } from './format.js';
import { restore } from './restore.js';
import { createEmptyDatabaseUrl, readTablesOf, tarEntry, threadWithImage } from './test-helpers.js';

// What restore refuses (a board already there, an archive cut short or changed) and what an
// interrupted backup leaves behind (nothing that looks like an archive).

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hushboard-backup-faults-'));
const backupDir = mkdtempSync(path.join(os.tmpdir(), 'hushboard-backup-faults-out-'));
const workDir = mkdtempSync(path.join(os.tmpdir(), 'hushboard-backup-faults-work-'));
afterAll(() => {
  for (const dir of [dataDir, backupDir, workDir]) rmSync(dir, { recursive: true, force: true });
});
const t = useTestApp({ config: { dataDir } });
const silent = { warn() {} };
const config = testConfig({ dataDir });

let archive: BackupResult;
let bytes: Buffer;
beforeAll(async () => {
  const author = await signUp(t);
  const { id } = await threadWithImage(t, author, true);
  await createReply(author, id, { content: 'A reply to be backed up' });
  archive = await backup({ config, connectionString: t.url, to: backupDir });
  bytes = await readFile(archive.location);
});

async function restoreInto(url: string, file: string, force = false) {
  const database = createDatabase(url, silent);
  try {
    return await restore({ archive: file, config: testConfig({ dataDir: mkdtempSync(path.join(workDir, 'data-')) }), database, force });
  } finally {
    await database.close();
  }
}

async function variant(name: string, change: (copy: Buffer) => Buffer): Promise<string> {
  const file = path.join(workDir, name);
  await writeFile(file, change(Buffer.from(bytes)));
  return file;
}

describe('restore refuses', () => {
  it('a database that holds a board, naming what it holds, and changes nothing in it', async () => {
    const before = await readTablesOf(t.url);
    await expect(restoreInto(t.url, archive.location)).rejects.toThrow(/^The database is not empty \(rows in .*users.*\): restore does not overwrite a board\. .*--force/);
    expect(await readTablesOf(t.url)).toEqual(before);
  });

  it('an archive with a changed byte inside a table, naming the table, even with --force, leaving the board as it was', async () => {
    const { offset, size } = tarEntry(bytes, 'db/posts.copy.gz');
    const file = await variant('flipped.tar', (copy) => {
      const at = offset + Math.floor(size / 2);
      copy[at] = (copy[at] ?? 0) ^ 0x5a;
      return copy;
    });
    const before = await readTablesOf(t.url);
    await expect(restoreInto(t.url, file, true)).rejects.toThrow(/table posts/);
    expect(await readTablesOf(t.url)).toEqual(before);
  });

  it('an archive cut short inside a table, naming the table', async () => {
    const { offset, size } = tarEntry(bytes, 'db/threads.copy.gz');
    const file = await variant('cut.tar', (copy) => copy.subarray(0, offset + Math.floor(size / 2)));
    await expect(restoreInto(await createEmptyDatabaseUrl(), file)).rejects.toThrow(/^The archive is corrupt or cut short in table threads/);
  });

  it('an archive cut short before its manifest, and one whose upload changed', async () => {
    const manifest = tarEntry(bytes, 'manifest.json');
    const cut = await variant('no-manifest.tar', (copy) => copy.subarray(0, manifest.offset - 512));
    await expect(restoreInto(await createEmptyDatabaseUrl(), cut)).rejects.toThrow(/^The archive is incomplete: it ends after upload .* without its manifest/);

    const upload = archive.manifest.uploads[0]!;
    const { offset, size } = tarEntry(bytes, `uploads/${upload.name}`);
    const changed = await variant('upload.tar', (copy) => {
      const at = offset + Math.floor(size / 2);
      copy[at] = (copy[at] ?? 0) ^ 1;
      return copy;
    });
    await expect(restoreInto(await createEmptyDatabaseUrl(), changed)).rejects.toThrow(`upload ${upload.name} does not match its checksum`);
  });

  it('restores the same archive into an empty database, and into a non-empty one with --force', async () => {
    const empty = await createEmptyDatabaseUrl();
    await restoreInto(empty, archive.location);
    const restored = await readTablesOf(empty);
    expect(restored.posts).toHaveLength(archive.manifest.tables.find((table) => table.name === 'posts')!.rows);
    await restoreInto(empty, archive.location, true);
    expect(await readTablesOf(empty)).toEqual(restored);
  });
});

describe('an interrupted backup', () => {
  it('stopped (SIGTERM) while it writes leaves no archive and no partial file', async () => {
    const dir = mkdtempSync(path.join(workDir, 'interrupted-'));
    const controller = new AbortController();
    const progress = {
      show(line: string) {
        // Once the archive file is being written.
        if (line.startsWith('uploads:')) controller.abort(new Error('SIGTERM'));
      },
      end() {},
    };
    await expect(backup({ config, connectionString: t.url, to: dir, progress, signal: controller.signal })).rejects.toThrow('SIGTERM');
    expect(await readdir(dir)).toEqual([]);
  });

  it('whose bucket is away fails and leaves no archive', async () => {
    const away = testConfig({ dataDir, s3Connection: { endpoint: 'http://127.0.0.1:9', region: 'us-east-1', credentials: { accessKeyId: 'a', secretAccessKey: 'b' }, forcePathStyle: true } });
    await expect(backup({ config: away, connectionString: t.url, to: 's3://hushboard-away/backups' })).rejects.toThrow();
  });

  it('whose database connection dies mid-way fails and leaves nothing', async () => {
    const dir = mkdtempSync(path.join(workDir, 'db-dies-'));
    const killer = new pg.Client({ connectionString: t.url });
    await killer.connect();
    try {
      const attempt = backup({
        config,
        connectionString: t.url,
        to: dir,
        onSnapshot: async () => {
          await killer.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'hushboard-backup' AND datname = current_database()");
        },
      });
      await expect(attempt).rejects.toThrow();
    } finally {
      await killer.end();
    }
    expect((await readdir(dir)).filter((name) => archiveTime(name) !== undefined)).toEqual([]);
    expect(await readdir(dir)).toEqual([]);
  });
});
