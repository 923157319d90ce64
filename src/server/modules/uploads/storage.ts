// Where processed images live: a local folder (the default) or an S3-compatible bucket
// (S3_BUCKET, s3-storage.ts). createStorage() is the one place that chooses.
import { randomBytes } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../../config.js';

export interface ImageStorage {
  /** Stores data under name; storing a name that exists changes nothing (names are content hashes). */
  put(name: string, data: Buffer): Promise<void>;
  has(name: string): Promise<boolean>;
  /** Removes name; removing a name that does not exist changes nothing. */
  delete(name: string): Promise<void>;
  /** Local folder the uploads plugin serves from (the local driver). */
  readonly localDir?: string;
  /** Reads a stored file for the uploads plugin to stream (drivers without a localDir). */
  read?(name: string, request: ReadRequest): Promise<ReadResult>;
  /** Lets go of connections when the app closes. */
  close?(): void;
}

/** The conditional and range headers of a GET, passed on to the store. */
export interface ReadRequest {
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
  range?: string | undefined;
}

export type ReadResult =
  | {
      status: 200 | 206;
      body: Readable;
      contentType: string;
      contentLength: number | undefined;
      /** Set for a 206. */
      contentRange: string | undefined;
      etag: string | undefined;
      lastModified: Date | undefined;
    }
  | { status: 304 | 404 | 416 };

/** Names are ours (hash + extension), never the user's; anything else is a bug. */
const SAFE_NAME = /^[a-z0-9][a-z0-9_-]*\.[a-z0-9]+$/i;

export const isStorageName = (name: string): boolean => SAFE_NAME.test(name);

export function checkName(name: string): void {
  if (!isStorageName(name)) throw new Error(`Invalid storage name: ${JSON.stringify(name)}`);
}

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' };

/** The type a stored file is served with, from its extension (the extension was chosen from its bytes). */
export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The storage this configuration asks for: the bucket when S3_BUCKET is set, else
 * DATA_DIR/uploads. The AWS SDK is loaded only for a bucket, so a local board never
 * pays for it at start.
 */
export async function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<ImageStorage> {
  if (config.s3 === undefined) return createLocalStorage(path.join(config.dataDir, 'uploads'));
  const { createS3Storage } = await import('./s3-storage.js');
  return createS3Storage(config.s3);
}

export function createLocalStorage(dir: string): ImageStorage {
  const root = path.resolve(dir);
  const fileOf = (name: string) => {
    checkName(name);
    return path.join(root, name);
  };

  const has = async (name: string): Promise<boolean> => {
    try {
      await access(fileOf(name));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  };

  return {
    localDir: root,
    has,
    async delete(name) {
      await rm(fileOf(name), { force: true });
    },
    async put(name, data) {
      const file = fileOf(name);
      if (await has(name)) return;
      await mkdir(root, { recursive: true });
      // Written beside the target and renamed, so a reader never sees half a file. The
      // leading dot keeps the temporary file out of what @fastify/static serves.
      const temp = path.join(root, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await writeFile(temp, data, { flag: 'wx' });
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
  };
}
