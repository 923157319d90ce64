// Restore's first pass: reads the whole archive and checks it against its manifest before
// anything in the database is touched. A cut or corrupt archive is refused with the table
// (or upload) it failed on.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { BackupError, FORMAT, FORMAT_VERSION, type Manifest, MANIFEST_ENTRY, manifestSchema } from './format.js';
import type { Progress } from './progress.js';

interface Seen {
  sha256: string;
  /** Rows for a table, bytes for an upload. */
  count: number;
}

/** What an entry of the archive holds, in the operator's words. */
export function describeEntry(name: string): string {
  const table = /^db\/(.+)\.copy\.gz$/.exec(name)?.[1];
  if (table) return `table ${table}`;
  if (name.startsWith('uploads/')) return `upload ${name.slice('uploads/'.length)}`;
  return name === MANIFEST_ENTRY ? 'the manifest' : `entry ${name}`;
}

/** Hashes and counts what it is given: rows (newlines) of COPY text, or bytes. */
function tally(countRows: boolean): Writable & { seen(): Seen } {
  const hash = createHash('sha256');
  let count = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      if (!countRows) count += chunk.length;
      else for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) count++;
      done();
    },
  }) as Writable & { seen(): Seen };
  sink.seen = () => ({ sha256: hash.digest('hex'), count });
  return sink;
}

function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError('The archive is corrupt: its manifest is not JSON');
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const format = (json as { format?: unknown } | null)?.format;
    if (format !== FORMAT) throw new BackupError('This is not a Hushboard backup (its manifest names no hushboard-backup format)');
    throw new BackupError(`The archive is corrupt: its manifest does not read (${parsed.error.issues[0]?.message ?? 'invalid'})`);
  }
  if (parsed.data.version > FORMAT_VERSION) {
    throw new BackupError(`This archive is format version ${parsed.data.version}; this Hushboard reads up to version ${FORMAT_VERSION}: upgrade it first`);
  }
  return parsed.data;
}

/** Reads the archive whole; answers its manifest once every table and upload matches it. */
export async function verifyArchive(file: string, progress: Progress): Promise<Manifest> {
  const seen = new Map<string, Seen>();
  let manifestText: string | undefined;
  let current: string | undefined;
  let last: string | undefined;
  const extract = tar.extract();
  const source = createReadStream(file);
  source.on('error', (error) => extract.destroy(error));
  source.pipe(extract);
  try {
    for await (const entry of extract) {
      current = entry.header.name;
      if (manifestText !== undefined) throw new BackupError(`The archive is corrupt: ${describeEntry(current)} comes after the manifest`);
      if (current === MANIFEST_ENTRY) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        manifestText = Buffer.concat(chunks).toString('utf8');
      } else if (current.startsWith('db/')) {
        progress.show(`checking ${describeEntry(current)}`);
        const sink = tally(true);
        await pipeline(entry, createGunzip(), sink);
        seen.set(current, sink.seen());
      } else {
        progress.show(`checking ${describeEntry(current)}`);
        const sink = tally(false);
        await pipeline(entry, sink);
        seen.set(current, sink.seen());
      }
      last = current;
      current = undefined;
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    // Cut inside an entry, or a byte changed where gzip or tar notices it.
    if (current !== undefined) throw new BackupError(`The archive is corrupt or cut short in ${describeEntry(current)}: ${reason}`);
    throw new BackupError(`The archive is corrupt or cut short${last ? ` after ${describeEntry(last)}` : ''}: ${reason}`);
  } finally {
    source.destroy();
  }
  if (manifestText === undefined) {
    throw new BackupError(`The archive is incomplete: it ends${last ? ` after ${describeEntry(last)}` : ''} without its manifest (an interrupted backup?)`);
  }
  const manifest = parseManifest(manifestText);
  const expected = new Set<string>();
  for (const table of manifest.tables) {
    const name = `db/${table.name}.copy.gz`;
    expected.add(name);
    const got = seen.get(name);
    if (!got) throw new BackupError(`The archive is incomplete: table ${table.name} is missing`);
    if (got.sha256 !== table.sha256) throw new BackupError(`The archive is corrupt: table ${table.name} does not match its checksum`);
    if (got.count !== table.rows) throw new BackupError(`The archive is corrupt: table ${table.name} has ${got.count} rows, its manifest says ${table.rows}`);
  }
  for (const upload of manifest.uploads) {
    const name = `uploads/${upload.name}`;
    expected.add(name);
    const got = seen.get(name);
    if (!got) throw new BackupError(`The archive is incomplete: upload ${upload.name} is missing`);
    if (got.sha256 !== upload.sha256 || got.count !== upload.bytes) throw new BackupError(`The archive is corrupt: upload ${upload.name} does not match its checksum`);
  }
  const extra = [...seen.keys()].find((name) => !expected.has(name));
  if (extra) throw new BackupError(`The archive is corrupt: ${describeEntry(extra)} is not in its manifest`);
  return manifest;
}
