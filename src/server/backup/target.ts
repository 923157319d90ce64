// Where archives go: a folder, or a prefix in a bucket. An archive appears there whole or
// not at all: in a folder it is written under a `.partial` name, synced and renamed last;
// in a bucket it is one PutObject (or one completed multipart upload), which S3 shows only
// once complete. An interrupted backup leaves nothing with an archive's name.
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { archiveTime, BackupError } from './format.js';
import { isS3Url, parseS3Url, s3Client, type S3Connection } from './s3.js';

/** Archives up to this size go up in one PutObject; larger ones in parts of this size (S3 allows 5 GiB and 10,000 parts). */
export const PART_BYTES = 64 * 1024 * 1024;

export interface PendingArchive {
  /** The local file to write the archive into. */
  file: string;
  /** Makes the written file the archive; answers where it is now. */
  commit(): Promise<string>;
  /** Removes whatever was written. */
  abort(): Promise<void>;
}

export interface BackupTarget {
  /** Where archives go, for messages. */
  readonly description: string;
  begin(name: string): Promise<PendingArchive>;
  /** The archives there, by name (only complete ones: names archiveTime() reads). */
  list(): Promise<string[]>;
  remove(name: string): Promise<void>;
  close(): void;
}

/** Writes the file's data to disk before anything points at it: a crash right after the rename finds the whole archive. */
async function syncPath(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function folderTarget(dir: string): BackupTarget {
  const root = path.resolve(dir);
  return {
    description: root,
    async begin(name) {
      await mkdir(root, { recursive: true });
      const final = path.join(root, name);
      const file = path.join(root, `.${name}.partial`);
      return {
        file,
        async commit() {
          await syncPath(file);
          await rename(file, final);
          await syncPath(root);
          return final;
        },
        abort: () => rm(file, { force: true }),
      };
    },
    async list() {
      const names = await readdir(root).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      return names.filter((name) => archiveTime(name) !== undefined).sort();
    },
    remove: (name) => rm(path.join(root, name), { force: true }),
    close() {},
  };
}

async function uploadFile(client: S3Client, Bucket: string, Key: string, file: string, partBytes: number, signal?: AbortSignal): Promise<void> {
  const { size } = await stat(file);
  if (size <= partBytes) {
    await client.send(new PutObjectCommand({ Bucket, Key, Body: createReadStream(file), ContentLength: size, ContentType: 'application/x-tar' }), { abortSignal: signal });
    return;
  }
  const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType: 'application/x-tar' }));
  try {
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    for (let start = 0, PartNumber = 1; start < size; start += partBytes, PartNumber++) {
      const end = Math.min(size, start + partBytes);
      const body = createReadStream(file, { start, end: end - 1 });
      const { ETag } = await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body: body, ContentLength: end - start }), { abortSignal: signal });
      parts.push({ ETag, PartNumber });
    }
    await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }));
  } catch (error) {
    // An upload never completed is never an object; aborting it frees the parts' storage.
    await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => undefined);
    throw error;
  }
}

export function bucketTarget(url: string, connection: S3Connection, options: { partBytes?: number; signal?: AbortSignal } = {}): BackupTarget {
  const { bucket: Bucket, prefix } = parseS3Url(url);
  const client = s3Client(connection);
  return {
    description: `s3://${Bucket}/${prefix}`,
    async begin(name) {
      // Written on local disk first: the archive's size must be known to send it.
      const dir = await mkdtemp(path.join(os.tmpdir(), 'hushboard-backup-'));
      const file = path.join(dir, `${name}.partial`);
      return {
        file,
        async commit() {
          try {
            await uploadFile(client, Bucket, `${prefix}${name}`, file, options.partBytes ?? PART_BYTES, options.signal);
          } finally {
            await rm(dir, { recursive: true, force: true });
          }
          return `s3://${Bucket}/${prefix}${name}`;
        },
        abort: () => rm(dir, { recursive: true, force: true }),
      };
    },
    async list() {
      const names: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(prefix.length);
          if (name && archiveTime(name) !== undefined) names.push(name);
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return names.sort();
    },
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: `${prefix}${name}` }));
    },
    close() {
      client.destroy();
    },
  };
}

export function targetFor(to: string, connection: S3Connection, options: { partBytes?: number; signal?: AbortSignal } = {}): BackupTarget {
  return isS3Url(to) ? bucketTarget(to, connection, options) : folderTarget(to);
}

/**
 * The archive at `from` as a local file: a path is used as it is; an s3:// URL is
 * downloaded to a temporary file first (restore reads it twice: to check, then to load).
 */
export async function localArchive(from: string, connection: S3Connection): Promise<{ file: string; done(): Promise<void> }> {
  if (!isS3Url(from)) {
    await stat(from).catch(() => {
      throw new BackupError(`No archive at ${from}`);
    });
    return { file: from, done: async () => undefined };
  }
  const { bucket: Bucket, prefix } = parseS3Url(from);
  const Key = prefix.replace(/\/$/, '');
  const client = s3Client(connection);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hushboard-restore-'));
  const file = path.join(dir, 'archive.tar');
  try {
    const object = await client.send(new GetObjectCommand({ Bucket, Key })).catch((error: { $metadata?: { httpStatusCode?: number } }) => {
      if (error.$metadata?.httpStatusCode === 404) throw new BackupError(`No archive at ${from}`);
      throw error;
    });
    await pipeline(object.Body as Readable, createWriteStream(file));
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  } finally {
    client.destroy();
  }
  return { file, done: () => rm(dir, { recursive: true, force: true }) };
}
