// The archive a backup writes (docs/decisions/022-backups.md): an uncompressed tar holding
// one gzip'd COPY file per table (db/<table>.copy.gz), each upload as it is stored
// (uploads/<name>), and manifest.json last, whose checksums cover everything before it.
import { z } from 'zod';

export const FORMAT = 'hushboard-backup';
/** Bumped only when an older restore could not read the archive; restore reads every version up to its own. */
export const FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';

export const tableEntry = (table: string): string => `db/${table}.copy.gz`;
export const uploadEntry = (name: string): string => `uploads/${name}`;

/** An archive's name: its UTC start time, so names sort by age. */
const ARCHIVE_NAME = /^hushboard-backup-(\d{8}T\d{6}Z)\.tar$/;

export function archiveName(at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
  return `hushboard-backup-${stamp}.tar`;
}

/** When the archive of that name was started, or undefined for any other name (a `.partial` one included). */
export function archiveTime(name: string): Date | undefined {
  const match = ARCHIVE_NAME.exec(name);
  if (!match?.[1]) return undefined;
  const s = match[1];
  return new Date(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`);
}

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const identifier = z.string().regex(/^[a-z_][a-z0-9_]*$/, 'must be a plain lowercase SQL name');

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.number().int().min(1),
  createdAt: z.string(),
  /** The last migration applied to the database backed up (drizzle's journal `when` and tag). */
  migration: z.object({ count: z.number().int().min(0), createdAt: z.number(), hash: z.string() }),
  /** In the order a restore loads them: every table after those it references. */
  tables: z.array(
    z.object({
      name: identifier,
      /** The stored columns copied (generated ones are computed again on restore). */
      columns: z.array(identifier),
      rows: z.number().int().min(0),
      /** Of the uncompressed COPY text. */
      sha256,
    }),
  ),
  sequences: z.array(z.object({ name: identifier, value: z.string().regex(/^-?\d+$/), isCalled: z.boolean() })),
  uploads: z.array(z.object({ name: z.string().regex(/^[a-z0-9][a-z0-9_-]*\.[a-z0-9]+$/i), bytes: z.number().int().min(0), sha256 })),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type TableManifest = Manifest['tables'][number];

/** A backup or restore that cannot go on, with a message for the operator. */
export class BackupError extends Error {
  override name = 'BackupError';
}
