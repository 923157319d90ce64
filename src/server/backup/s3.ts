// The S3 side of backups: archives under s3://bucket/prefix (--to, BACKUP_S3_PREFIX) and
// uploads in S3_BUCKET, both reached with the connection settings of S3_* (config.ts).
import { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config.js';
import { BackupError } from './format.js';

export type S3Connection = Omit<S3Config, 'bucket'>;

export interface S3Location {
  bucket: string;
  /** Empty, or ending in `/`. */
  prefix: string;
}

export const isS3Url = (value: string): boolean => value.startsWith('s3://');

/** `s3://bucket/some/prefix` -> bucket and `some/prefix/`. */
export function parseS3Url(value: string): S3Location {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(value);
  if (!match?.[1]) throw new BackupError(`${value} is not an s3://bucket/prefix URL`);
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  return { bucket: match[1], prefix: prefix ? `${prefix}/` : '' };
}

export function s3Client(connection: S3Connection): S3Client {
  return new S3Client({
    region: connection.region,
    ...(connection.endpoint !== undefined ? { endpoint: connection.endpoint } : {}),
    ...(connection.credentials !== undefined ? { credentials: connection.credentials } : {}),
    forcePathStyle: connection.forcePathStyle,
    // As for uploads (modules/uploads/s3-storage.ts): checksums only where S3 requires one,
    // which S3-compatible stores accept. The archive carries its own checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 120_000 },
  });
}
