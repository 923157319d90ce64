// The database half of a backup: one REPEATABLE READ READ ONLY transaction (one snapshot
// for every table, taken at its first statement) that COPYs each table out through the
// app's own connection. No pg_dump is needed, so it works with the embedded PostgreSQL
// (which ships none) and with any external one.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { BackupError, type Manifest, type TableManifest } from './format.js';
import { formatBytes, type Progress } from './progress.js';

/** A quoted SQL identifier (names come from the catalog, but are quoted all the same). */
export const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

export interface StagedTable extends TableManifest {
  /** The gzip'd COPY text, staged on local disk until it is packed. */
  file: string;
}

export interface DatabaseSnapshot {
  migration: Manifest['migration'];
  tables: StagedTable[];
  sequences: Manifest['sequences'];
}

/** Counts rows (COPY's text format ends each with a newline and escapes those inside) and hashes the text as it passes. */
class Tally extends Transform {
  readonly hash = createHash('sha256');
  rows = 0;
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null, data?: Buffer) => void) {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) this.rows++;
    done(null, chunk);
  }
}

/** The ordinary tables of the public schema, each after the tables its foreign keys point to. */
export async function tablesInLoadOrder(client: pg.ClientBase): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    "SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p') AND NOT relispartition ORDER BY relname",
  );
  const { rows: references } = await client.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
      WHERE k.contype = 'f' AND k.connamespace = 'public'::regnamespace AND k.conrelid <> k.confrelid`,
  );
  const ordered: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, trail: string[]) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') {
      throw new BackupError(`Tables reference each other in a cycle (${[...trail, name].join(' -> ')}): no load order exists`);
    }
    state.set(name, 'visiting');
    for (const { parent } of references.filter((reference) => reference.child === name)) visit(parent, [...trail, name]);
    state.set(name, 'done');
    ordered.push(name);
  };
  for (const { name } of tables) visit(name, []);
  return ordered;
}

async function storedColumns(client: pg.ClientBase, table: string): Promise<string[]> {
  // Generated columns are left out: COPY cannot write them, and restore computes them again.
  const { rows } = await client.query<{ name: string }>(
    `SELECT attname AS name FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
    [`public.${quote(table)}`],
  );
  return rows.map((row) => row.name);
}

/**
 * Copies every table of the public schema into stageDir (one gzip file each) inside one
 * snapshot, with the applied migration and every sequence's position. Sequences are not
 * transactional: their positions, read last, are at or past every id in the snapshot.
 */
export async function snapshotDatabase(
  client: pg.ClientBase,
  stageDir: string,
  progress: Progress,
  signal?: AbortSignal,
  onSnapshot?: (snapshotId: string) => Promise<void>,
): Promise<DatabaseSnapshot> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    // A big table takes longer than the pool's limits allow one statement.
    await client.query('SET LOCAL statement_timeout = 0');
    await client.query('SET LOCAL idle_in_transaction_session_timeout = 0');
    if (onSnapshot) {
      // Another connection may read this very snapshot (SET TRANSACTION SNAPSHOT) while it is open.
      const { rows } = await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
      await onSnapshot(rows[0]?.id ?? '');
    }
    const { rows: applied } = await client.query<{ count: string; created_at: string | null; hash: string | null }>(
      'SELECT (SELECT count(*) FROM drizzle.__drizzle_migrations) AS count, created_at, hash FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
    );
    const last = applied[0];
    if (!last?.created_at || !last.hash) throw new BackupError('The database has no migrations applied: there is nothing to back up');
    const migration = { count: Number(last.count), createdAt: Number(last.created_at), hash: last.hash };

    const names = await tablesInLoadOrder(client);
    const tables: StagedTable[] = [];
    for (const [index, name] of names.entries()) {
      signal?.throwIfAborted();
      const columns = await storedColumns(client, name);
      const file = path.join(stageDir, `${String(index).padStart(3, '0')}-${name}.copy.gz`);
      const tally = new Tally();
      const copy = client.query(copyTo(`COPY public.${quote(name)} (${columns.map(quote).join(', ')}) TO STDOUT`));
      const shown = setInterval(() => progress.show(`database: ${name} (${index + 1}/${names.length}), ${tally.rows} rows, ${formatBytes(tally.bytes)}`), 250);
      try {
        progress.show(`database: ${name} (${index + 1}/${names.length})`);
        await pipeline(copy, tally, createGzip(), createWriteStream(file, { flags: 'wx' }), ...(signal ? [{ signal }] : []));
      } finally {
        clearInterval(shown);
      }
      tables.push({ name, columns, rows: tally.rows, sha256: tally.hash.digest('hex'), file });
    }

    const { rows: sequenceRows } = await client.query<{ name: string; value: string; is_called: boolean }>(
      `SELECT c.relname AS name, COALESCE(pg_sequence_last_value(c.oid), q.seqstart)::text AS value,
              pg_sequence_last_value(c.oid) IS NOT NULL AS is_called
         FROM pg_class c JOIN pg_sequence q ON q.seqrelid = c.oid
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'S' ORDER BY c.relname`,
    );
    await client.query('COMMIT');
    return { migration, tables, sequences: sequenceRows.map((row) => ({ name: row.name, value: row.value, isCalled: row.is_called })) };
  } catch (error) {
    // Interrupted: the statement in flight may wait on a lock for a long time, and a ROLLBACK
    // would queue behind it. The caller closes the connection, which ends the transaction.
    if (!signal?.aborted) await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
