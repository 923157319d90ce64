// `npm run cli -- restore ARCHIVE`: checks the archive whole (verify.ts), then into an empty
// database builds the schema as it was when the archive was made (the committed migrations
// up to the archive's), loads every table in one transaction with the user triggers off
// (they would move counters such as boards.list_version a second time), puts the sequences
// where they were, writes the uploads back, and migrates to the current schema.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import tar from 'tar-stream';
import { createReadStream } from 'node:fs';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { MIGRATION_LOCK, migrationsFolder } from '../db/migrate.js';
import { migrateDatabase } from '../db/open.js';
import { defaultBoards } from '../db/seed.js';
import { createStorage } from '../modules/uploads/index.js';
import { BackupError, type Manifest, MANIFEST_ENTRY } from './format.js';
import { formatBytes, type Progress, quietProgress } from './progress.js';
import { quote } from './snapshot.js';
import { localArchive } from './target.js';
import { describeEntry, verifyArchive } from './verify.js';

export interface RestoreOptions {
  /** A path or an s3://bucket/key URL. */
  archive: string;
  config: Pick<Config, 'dataDir' | 's3' | 's3Connection' | 'secret'>;
  /** The database to restore into; its direct URL carries the restore. */
  database: Pick<Database, 'pool' | 'directUrl' | 'poolMode'>;
  /** Replace whatever the database holds. */
  force?: boolean;
  progress?: Progress;
}

export interface RestoreResult {
  manifest: Manifest;
  /** The migration tag the archive was made at. */
  madeAt: string;
}

/** Tables whose rows a server writes without anyone using the board: they do not make a database "in use". */
const TRANSIENT_TABLES = new Set(['event_log', 'pow_spent', '__drizzle_migrations']);

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}
interface Journal {
  entries: JournalEntry[];
}

async function readJournal(folder: string): Promise<Journal & Record<string, unknown>> {
  return JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal & Record<string, unknown>;
}

/** The tables that hold someone's data; empty when nothing but the seeded boards is there. */
async function tablesInUse(client: pg.Client): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    "SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p') AND NOT relispartition ORDER BY relname",
  );
  const used: string[] = [];
  for (const { name } of tables) {
    if (TRANSIENT_TABLES.has(name)) continue;
    const sql =
      name === 'boards'
        ? `SELECT EXISTS (SELECT 1 FROM public.boards WHERE code <> ALL($1::text[])) AS used`
        : `SELECT EXISTS (SELECT 1 FROM public.${quote(name)}) AS used`;
    const { rows } = await client.query<{ used: boolean }>(sql, name === 'boards' ? [defaultBoards.map((board) => board.code)] : []);
    if (rows[0]?.used) used.push(name);
  }
  return used;
}

/** Drops the schema a server (or an earlier restore) made; a database never used is left as it is. */
async function clearDatabase(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_class WHERE relnamespace = 'public'::regnamespace)
         OR EXISTS (SELECT 1 FROM pg_proc WHERE pronamespace = 'public'::regnamespace)
         OR EXISTS (SELECT 1 FROM pg_type WHERE typnamespace = 'public'::regnamespace AND typtype IN ('e', 'd', 'c') AND typrelid = 0)
         OR EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'drizzle') AS found`,
  );
  if (!rows[0]?.found) return;
  try {
    await client.query('BEGIN');
    await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
    await client.query('DROP SCHEMA public CASCADE');
    await client.query('CREATE SCHEMA public');
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw new BackupError(
      `Could not clear the database (${error instanceof Error ? error.message : String(error)}): restore into a new, empty database instead`,
    );
  }
}

/** Applies the committed migrations up to and including the archive's, in a copy of the folder with its journal cut there. */
async function migrateUpTo(client: pg.Client, count: number): Promise<void> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'hushboard-migrations-'));
  try {
    await cp(migrationsFolder, folder, { recursive: true });
    const journal = await readJournal(folder);
    await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }));
    await migrate(drizzle({ client }), { migrationsFolder: folder, migrationsSchema: 'drizzle' });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Loads every table and upload of the (verified) archive in one transaction. */
async function load(client: pg.Client, file: string, manifest: Manifest, config: RestoreOptions['config'], progress: Progress): Promise<void> {
  const storage = await createStorage(config);
  const tables = new Map(manifest.tables.map((table) => [`db/${table.name}.copy.gz`, table]));
  await client.query('BEGIN');
  try {
    await client.query('SET LOCAL statement_timeout = 0');
    await client.query('SET LOCAL idle_in_transaction_session_timeout = 0');
    // User triggers only: the foreign keys' own triggers still check every row.
    for (const table of manifest.tables) await client.query(`ALTER TABLE public.${quote(table.name)} DISABLE TRIGGER USER`);
    const extract = tar.extract();
    const source = createReadStream(file);
    source.on('error', (error) => extract.destroy(error));
    source.pipe(extract);
    let uploaded = 0;
    for await (const entry of extract) {
      const name = entry.header.name;
      const table = tables.get(name);
      if (table) {
        progress.show(`loading table ${table.name} (${table.rows} rows)`);
        const copy = client.query(copyFrom(`COPY public.${quote(table.name)} (${table.columns.map(quote).join(', ')}) FROM STDIN`));
        try {
          await pipeline(entry, createGunzip(), copy);
        } catch (error) {
          throw new BackupError(`Could not load table ${table.name}: ${error instanceof Error ? error.message : String(error)}`);
        }
        if (copy.rowCount !== table.rows) throw new BackupError(`Could not load table ${table.name}: ${copy.rowCount} rows read, its manifest says ${table.rows}`);
      } else if (name.startsWith('uploads/')) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        const data = Buffer.concat(chunks);
        uploaded += data.length;
        progress.show(`writing ${describeEntry(name)} (${formatBytes(uploaded)} so far)`);
        await storage.put(name.slice('uploads/'.length), data);
      } else if (name === MANIFEST_ENTRY) {
        entry.resume();
      } else {
        throw new BackupError(`The archive is corrupt: ${describeEntry(name)} is not in its manifest`);
      }
    }
    for (const table of manifest.tables) await client.query(`ALTER TABLE public.${quote(table.name)} ENABLE TRIGGER USER`);
    for (const sequence of manifest.sequences) {
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [`public.${quote(sequence.name)}`, sequence.value, sequence.isCalled]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    storage.close?.();
  }
}

export async function restore(options: RestoreOptions): Promise<RestoreResult> {
  const { config, database } = options;
  const progress = options.progress ?? quietProgress;
  const local = await localArchive(options.archive, config.s3Connection);
  try {
    const manifest = await verifyArchive(local.file, progress);
    const journal = await readJournal(migrationsFolder);
    const at = journal.entries.findIndex((entry) => entry.when === manifest.migration.createdAt);
    if (at === -1) {
      const newest = journal.entries.at(-1)?.when ?? 0;
      throw new BackupError(
        manifest.migration.createdAt > newest
          ? 'This archive was made by a newer Hushboard (its schema has migrations this one does not know): restore it with that version or a later one'
          : 'This archive was made at a migration this Hushboard does not know: restore it with the version that made it',
      );
    }
    const madeAt = journal.entries[at]?.tag ?? '';
    const client = new pg.Client({ connectionString: database.directUrl, application_name: 'hushboard-restore' });
    // A connection that drops fails the statement in flight; the event itself must not end the process.
    client.on('error', () => undefined);
    await client.connect();
    try {
      // No server may migrate (or seed) this database while it is rebuilt.
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      const used = await tablesInUse(client);
      if (used.length > 0 && !options.force) {
        throw new BackupError(
          `The database is not empty (rows in ${used.join(', ')}): restore does not overwrite a board. Restore into a new, empty database, or add --force to replace everything in this one`,
        );
      }
      progress.show(`building the schema as at ${madeAt}`);
      await clearDatabase(client);
      await migrateUpTo(client, at + 1);
      await load(client, local.file, manifest, config, progress);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      await client.end().catch(() => undefined);
    }
    progress.show('migrating to the current schema');
    await migrateDatabase(database, config.secret);
    return { manifest, madeAt };
  } finally {
    progress.end();
    await local.done();
  }
}
