// `npm run cli -- backup`: one archive of the database and the uploads (format.ts).
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import tar from 'tar-stream';
import type { Config } from '../config.js';
import { archiveName, FORMAT, FORMAT_VERSION, type Manifest, MANIFEST_ENTRY, tableEntry, uploadEntry } from './format.js';
import { formatBytes, type Progress, quietProgress } from './progress.js';
import { snapshotDatabase } from './snapshot.js';
import { targetFor } from './target.js';
import { uploadSource } from './uploads.js';

export interface BackupOptions {
  config: Pick<Config, 'dataDir' | 's3' | 's3Connection'>;
  /** A connection that keeps its session and transaction: the direct URL behind PgBouncer. */
  connectionString: string;
  /** A folder or s3://bucket/prefix. */
  to: string;
  progress?: Progress;
  /** Aborting (SIGTERM) stops the backup and removes what it wrote. */
  signal?: AbortSignal;
  /** Larger archives go to a bucket in parts of this size (tests). */
  partBytes?: number;
  /** The archive's time, which names it (tests). */
  now?: Date;
  /** Called with the exported id of the snapshot the backup reads, before it reads it (tests compare against it). */
  onSnapshot?: (snapshotId: string) => Promise<void>;
}

export interface BackupResult {
  /** Where the archive is: a path or an s3:// URL. */
  location: string;
  name: string;
  manifest: Manifest;
  bytes: number;
}

/** Counts and hashes what passes (the upload as it goes into the archive). */
function hashing(): Transform & { digest(): string; bytes: number } {
  const hash = createHash('sha256');
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      stream.bytes += chunk.length;
      done(null, chunk);
    },
  }) as Transform & { digest(): string; bytes: number };
  stream.bytes = 0;
  stream.digest = () => hash.digest('hex');
  return stream;
}

/** Adds one entry of known size and waits until the pack has taken all of it. */
async function addEntry(pack: tar.Pack, name: string, size: number, source: Readable, through: Transform[] = [], signal?: AbortSignal): Promise<void> {
  // tar-stream is built on streamx, whose streams Node's pipeline() takes as its own.
  const entry = pack.entry({ name, size, mode: 0o600, mtime: new Date() }) as unknown as Writable;
  await pipeline([source, ...through, entry], ...(signal ? [{ signal }] : []));
}

export async function backup(options: BackupOptions): Promise<BackupResult> {
  const { config, signal } = options;
  const progress = options.progress ?? quietProgress;
  const startedAt = options.now ?? new Date();
  const name = archiveName(startedAt);
  const target = targetFor(options.to, config.s3Connection, { ...(options.partBytes ? { partBytes: options.partBytes } : {}), ...(signal ? { signal } : {}) });
  const stage = await mkdtemp(path.join(os.tmpdir(), 'hushboard-stage-'));
  const uploads = uploadSource(config);
  const client = new pg.Client({ connectionString: options.connectionString, application_name: 'hushboard-backup' });
  // A connection that drops fails the statement in flight; the event itself must not end the process.
  client.on('error', () => undefined);
  let connected = false;
  let out: WriteStream | undefined;
  let pack: tar.Pack | undefined;
  let pending: Awaited<ReturnType<typeof target.begin>> | undefined;
  try {
    // The archive's file exists (under its .partial name) from the start: an interruption at
    // any point finds it and removes it.
    pending = await target.begin(name);
    // The archive holds everything the database does: readable by its owner alone.
    out = createWriteStream(pending.file, { flags: 'wx', mode: 0o600 });
    pack = tar.pack();
    const written = pipeline(pack, out, ...(signal ? [{ signal }] : []));
    // A failing file (disk full) ends the pack's pipe: stop adding entries to it.
    written.catch(() => pack?.destroy());

    await client.connect();
    connected = true;
    const snapshot = await snapshotDatabase(client, stage, progress, signal, options.onSnapshot);
    connected = false;
    await client.end();

    // Listed after the snapshot: every upload a row of it names was stored before that row.
    progress.show('uploads: listing');
    const files = await uploads.list();
    for (const table of snapshot.tables) {
      signal?.throwIfAborted();
      progress.show(`archive: table ${table.name}`);
      const { size } = await stat(table.file);
      await addEntry(pack, tableEntry(table.name), size, createReadStream(table.file), [], signal);
    }
    const manifestUploads: Manifest['uploads'] = [];
    let uploadedBytes = 0;
    for (const [index, file] of files.entries()) {
      signal?.throwIfAborted();
      const source = await uploads.open(file.name);
      if (!source) continue;
      const tally = hashing();
      progress.show(`uploads: ${index + 1}/${files.length} (${formatBytes(uploadedBytes)})`);
      await addEntry(pack, uploadEntry(file.name), file.bytes, source, [tally], signal);
      uploadedBytes += tally.bytes;
      manifestUploads.push({ name: file.name, bytes: tally.bytes, sha256: tally.digest() });
    }

    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: startedAt.toISOString(),
      migration: snapshot.migration,
      tables: snapshot.tables.map(({ name: table, columns, rows, sha256 }) => ({ name: table, columns, rows, sha256 })),
      sequences: snapshot.sequences,
      uploads: manifestUploads,
    };
    // Last: an archive cut short anywhere before this has no manifest, and restore refuses it.
    const json = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    pack.entry({ name: MANIFEST_ENTRY, size: json.length, mode: 0o600, mtime: new Date() }, json);
    pack.finalize();
    await written;
    signal?.throwIfAborted();
    progress.show(`writing to ${target.description}`);
    const location = await pending.commit();
    pending = undefined;
    const bytes = out.bytesWritten;
    return { location, name, manifest, bytes };
  } finally {
    progress.end();
    if (pending) {
      // Failed or interrupted: close the file before removing it.
      pack?.destroy();
      out?.destroy();
      await pending.abort().catch(() => undefined);
    }
    if (connected) {
      // A statement waiting on a lock keeps the server from answering the goodbye: wait a little, then leave it.
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([client.end().catch(() => undefined), new Promise((resolve) => (wait = setTimeout(resolve, 2_000)))]);
      clearTimeout(wait);
    }
    uploads.close();
    target.close();
    await rm(stage, { recursive: true, force: true });
  }
}
