// The uploads half of a backup: every stored image and thumbnail, from DATA_DIR/uploads or
// from S3_BUCKET (modules/uploads/storage.ts keeps them under the same names in both).
import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { Config } from '../config.js';
import { s3Client } from './s3.js';

/** Names the uploads module writes (content hash + extension); its temporary files start with a dot. */
const UPLOAD_NAME = /^[a-z0-9][a-z0-9_-]*\.[a-z0-9]+$/i;

export interface UploadSource {
  /** Every stored upload and its size, by name. */
  list(): Promise<{ name: string; bytes: number }[]>;
  /** The upload's bytes, or undefined when it was released (deleted) since the listing. */
  open(name: string): Promise<Readable | undefined>;
  close(): void;
}

export function uploadSource(config: Pick<Config, 'dataDir' | 's3'>): UploadSource {
  if (config.s3 === undefined) {
    const dir = path.join(config.dataDir, 'uploads');
    return {
      async list() {
        let names: string[];
        try {
          names = await readdir(dir);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
          throw error;
        }
        const files: { name: string; bytes: number }[] = [];
        for (const name of names.filter((entry) => UPLOAD_NAME.test(entry)).sort()) {
          // A file released (deleted) since the listing is simply not in the backup.
          const info = await stat(path.join(dir, name)).catch(() => undefined);
          if (info?.isFile()) files.push({ name, bytes: info.size });
        }
        return files;
      },
      async open(name) {
        // Opened at once: a file deleted after this still reads whole through the open handle.
        const handle = await open(path.join(dir, name), 'r').catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return undefined;
          throw error;
        });
        return handle?.createReadStream();
      },
      close() {},
    };
  }
  const { bucket: Bucket } = config.s3;
  const client = s3Client(config.s3);
  return {
    async list() {
      const files: { name: string; bytes: number }[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key && UPLOAD_NAME.test(object.Key)) files.push({ name: object.Key, bytes: object.Size ?? 0 });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return files.sort((a, b) => (a.name < b.name ? -1 : 1));
    },
    async open(name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: name }));
        return object.Body as Readable;
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
        throw error;
      }
    },
    close() {
      client.destroy();
    },
  };
}
