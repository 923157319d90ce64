// A real S3-protocol server for the storage tests: s3rver on a free loopback port, its
// objects in a temporary folder. The app talks to it with the AWS SDK as it would to a
// bucket; nothing in the SDK is mocked.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command, S3Client, type HeadObjectCommandOutput } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import type { S3Config } from '../config.js';

export interface TestBucket {
  /** What S3_* would configure, filled in beforeAll. */
  config: S3Config;
  /** The keys in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** An object's metadata, or null when it is not there. */
  head(key: string): Promise<HeadObjectCommandOutput | null>;
}

/** Starts the server before the file's tests (call at the top level, before useTestApp) and stops it after. */
export function useTestBucket(bucket = 'hushboard-test'): TestBucket {
  let server: S3rver | undefined;
  let client: S3Client | undefined;
  let directory: string | undefined;
  const context = {} as TestBucket;

  beforeAll(async () => {
    directory = mkdtempSync(path.join(os.tmpdir(), 'hushboard-s3rver-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
    const { port } = await server.run();
    context.config = {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      // s3rver's fixed credentials.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    };
    const { config } = context;
    client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      credentials: config.credentials!,
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  });

  afterAll(async () => {
    client?.destroy();
    await server?.close();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  context.keys = async () => {
    const listed = await client!.send(new ListObjectsV2Command({ Bucket: bucket }));
    return (listed.Contents ?? []).map((object) => object.Key!).sort();
  };
  context.head = async (key) => {
    try {
      return await client!.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw error;
    }
  };
  return context;
}
