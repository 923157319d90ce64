import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createDatabase } from '../db/client.js';
import { testConfig, useTestApp } from '../test/app.js';
import { createReply, signUp } from '../test/factories.js';
import { backup } from './backup.js';
import { restore } from './restore.js';
import { expectSameTables, fillBoard, readTablesAt, readTablesOf, readUploads } from './test-helpers.js';

// A busy board backed up while it is being written to, wiped, and restored: every table
// row for row as the backup's snapshot saw it, every upload byte for byte, and the
// sequences go on after the restored ids.

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hushboard-backup-src-'));
const backupDir = mkdtempSync(path.join(os.tmpdir(), 'hushboard-backup-out-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(backupDir, { recursive: true, force: true });
});
const t = useTestApp({ config: { dataDir } });
const silent = { warn() {} };

describe('backup and restore of a busy board', () => {
  it('restores exactly the snapshot it backed up while writes went on, and new writing continues after it', async () => {
    const config = testConfig({ dataDir });
    const { users, threadIds } = await fillBoard(t);
    const writer = users[0]!;
    const uploadsBefore = await readUploads(path.join(dataDir, 'uploads'));
    expect(uploadsBefore.size).toBeGreaterThanOrEqual(4);

    // Replies go on being written from before the backup starts until after it ends.
    let writing = true;
    let written = 0;
    const writes = (async () => {
      while (writing) {
        await createReply(writer, threadIds[written % threadIds.length]!, { content: `Written during the backup ${written}`, isAnonymous: written % 2 === 1 });
        written++;
      }
    })();
    while (written < 2) await new Promise((resolve) => setTimeout(resolve, 10));

    let expected: Record<string, unknown[]> | undefined;
    let writtenAtSnapshot = 0;
    const result = await backup({
      config,
      connectionString: t.url,
      to: backupDir,
      onSnapshot: async (snapshotId) => {
        writtenAtSnapshot = written;
        expected = await readTablesAt(t.url, snapshotId);
        // Some writes land after the snapshot and before its tables are copied.
        while (written < writtenAtSnapshot + 3) await new Promise((resolve) => setTimeout(resolve, 10));
      },
    });
    writing = false;
    await writes;
    expect(written).toBeGreaterThan(writtenAtSnapshot + 2);
    expect(expected).toBeDefined();
    expect(await readdir(backupDir)).toEqual([result.name]);
    expect(result.manifest.tables.find((table) => table.name === 'posts')?.rows).toBe(expected!.posts!.length);
    expect(result.manifest.uploads.map((upload) => upload.name)).toEqual([...uploadsBefore.keys()]);

    // Wipe the board: its schema and its uploads.
    const admin = new pg.Client({ connectionString: t.url });
    await admin.connect();
    await admin.query('DROP SCHEMA drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    await admin.end();
    rmSync(path.join(dataDir, 'uploads'), { recursive: true, force: true });

    const database = createDatabase(t.url, silent);
    try {
      await restore({ archive: result.location, config, database });
    } finally {
      await database.close();
    }
    expectSameTables(await readTablesOf(t.url), expected!);
    const uploadsAfter = await readUploads(path.join(dataDir, 'uploads'));
    expect([...uploadsAfter.keys()]).toEqual([...uploadsBefore.keys()]);
    for (const [name, bytes] of uploadsBefore) expect(uploadsAfter.get(name)!.equals(bytes), name).toBe(true);

    // The restored board works, and its next post gets an id after every one it restored.
    const restoredIds = (expected!.posts as { id: number }[]).map((post) => post.id);
    const restoredDatabase = createDatabase(t.url, silent);
    const app = await buildApp({ config, database: restoredDatabase });
    try {
      await app.ready();
      const restored = { ...t, app, database: restoredDatabase, client: () => new (t.client().constructor as new (a: typeof app) => ReturnType<typeof t.client>)(app) };
      const author = await signUp(restored);
      const reply = await createReply(author, threadIds[0]!, { content: 'After the restore' });
      expect(reply.id).toBeGreaterThan(Math.max(...restoredIds));
      expect(reply.id).toBeGreaterThan(Number(result.manifest.sequences.find((sequence) => sequence.name === 'posts_id_seq')?.value));
      const page = await restored.client().get(`/api/threads/${threadIds[1]}`);
      expect(page.statusCode).toBe(200);
    } finally {
      await app.close();
      await restoredDatabase.close();
    }
  });
});
