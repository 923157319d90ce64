import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createDatabase } from '../db/client.js';
import { migrationsFolder } from '../db/migrate.js';
import { TestClient, testConfig } from '../test/app.js';
import { restore } from './restore.js';
import { createEmptyDatabaseUrl, readUploads } from './test-helpers.js';

// An archive made by an earlier release must keep restoring. fixtures/archive-v1-0014.tar was
// made by the first release with backups (format 1, at migration 0014_author_suspensions):
// two accounts, a named thread with an image, an anonymous thread, a named and an
// anonymous reply. Restored into an empty database it is migrated to today's schema, and
// its authors still own their writing (their sealed keys open with their passwords).

const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'archive-v1-0014.tar');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hushboard-backup-fixture-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const silent = { warn() {} };

describe('an archive from an earlier release', () => {
  it('restores into an empty database, migrates to the current schema, and its board works', async () => {
    const url = await createEmptyDatabaseUrl();
    const config = testConfig({ dataDir });
    const database = createDatabase(url, silent);
    try {
      const result = await restore({ archive: FIXTURE, config, database });
      expect(result.madeAt).toBe('0014_author_suspensions');
      expect(result.manifest.version).toBe(1);

      const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations');
      const { rows: posts } = await client.query<{ content: string }>('SELECT content FROM posts ORDER BY id');
      const { rows: anonymousRows } = await client.query<{ id: number }>("SELECT id FROM threads WHERE title = 'An anonymous fixture thread'");
      const anonymousId = anonymousRows[0]!.id;
      await client.end();
      expect(rows[0]?.count).toBe(journal.entries.length);
      expect(posts.map((post) => post.content)).toEqual(['A named fixture reply', 'An anonymous fixture reply']);
      const uploads = await readUploads(path.join(dataDir, 'uploads'));
      expect([...uploads.keys()].sort()).toEqual(result.manifest.uploads.map((upload) => upload.name).sort());

      const app = await buildApp({ config, database });
      try {
        await app.ready();
        const alice = new TestClient(app);
        expect((await alice.login('fixture_alice', 'fixture-password')).statusCode).toBe(200);
        const mine = (await alice.get(`/api/threads/${anonymousId}`)).json() as { isAnonymous: boolean; isOwn: boolean };
        expect(mine).toMatchObject({ isAnonymous: true, isOwn: true });
        // A stranger sees the same thread as nobody's.
        const seen = (await new TestClient(app).get(`/api/threads/${anonymousId}`)).json() as { isOwn: boolean };
        expect(seen.isOwn).toBe(false);
        // New writing continues after the restored ids.
        const reply = await alice.post('/api/posts', { threadId: anonymousId, content: 'Written after the restore' });
        expect(reply.statusCode, reply.body).toBe(201);
        expect((reply.json() as { id: number }).id).toBeGreaterThan(2);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  });
});
