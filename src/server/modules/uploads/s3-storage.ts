// Uploads in an S3-compatible bucket (S3_BUCKET): AWS, MinIO, R2, Ceph... Objects are
// named as the local files are (content hashes), at the top of the bucket.
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.js';
import { checkName, contentTypeOf, type ImageStorage, type ReadResult } from './storage.js';

/** A stored name never changes content (it is a hash of it), so caches may keep it forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** An answer from the store that is not a failure of it: a missing object, a condition not met. */
function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

const validDate = (value: string | undefined): Date | undefined => {
  if (value === undefined) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

export function createS3Storage(config: S3Config): ImageStorage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint !== undefined ? { endpoint: config.endpoint } : {}),
    ...(config.credentials !== undefined ? { credentials: config.credentials } : {}),
    forcePathStyle: config.forcePathStyle,
    // The SDK's default CRC checksums are AWS-only; S3-compatible stores (and older
    // MinIO, Ceph, s3rver) refuse or ignore them. Checksums only where S3 requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer fails the request instead of holding it open.
    requestHandler: { connectionTimeout: 2_000, requestTimeout: 15_000 },
  });
  const Bucket = config.bucket;

  const has = async (name: string): Promise<boolean> => {
    checkName(name);
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: name }));
      return true;
    } catch (error) {
      if (statusOf(error) === 404) return false;
      throw error;
    }
  };

  return {
    has,
    async put(name, data) {
      checkName(name);
      // Names are content hashes: an object that exists already holds these bytes.
      if (await has(name)) return;
      // PutObject is atomic: a reader sees the whole object or none of it.
      await client.send(
        new PutObjectCommand({ Bucket, Key: name, Body: data, ContentType: contentTypeOf(name), CacheControl: IMMUTABLE }),
      );
    },
    async delete(name) {
      checkName(name);
      // S3 answers 204 for a key that does not exist: nothing to special-case.
      await client.send(new DeleteObjectCommand({ Bucket, Key: name }));
    },
    async read(name, request): Promise<ReadResult> {
      checkName(name);
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: name,
            IfNoneMatch: request.ifNoneMatch,
            IfModifiedSince: validDate(request.ifModifiedSince),
            Range: request.range,
          }),
        );
        return {
          status: object.ContentRange ? 206 : 200,
          body: object.Body as Readable,
          // From the name, as the local driver serves it (the extension was chosen from the bytes).
          contentType: contentTypeOf(name),
          contentLength: object.ContentLength,
          contentRange: object.ContentRange,
          etag: object.ETag,
          lastModified: object.LastModified,
        };
      } catch (error) {
        const status = statusOf(error);
        if (status === 304 || status === 404 || status === 416) return { status };
        throw error;
      }
    },
    close() {
      client.destroy();
    },
  };
}
