import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/client.js';
import { testConfig, useTestApp } from '../test/app.js';
import { signUp } from '../test/factories.js';
import { useTestBucket } from '../test/s3.js';
import { backup } from './backup.js';
import { restore } from './restore.js';
import { s3Client } from './s3.js';
import { createEmptyDatabaseUrl, readTablesOf, threadWithImage } from './test-helpers.js';

// Uploads in a bucket and archives under a bucket prefix, against s3rver (a real
// S3-protocol server): the archive goes up in parts, and a restore from its s3:// URL
// puts every upload back byte for byte.

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hushboard-backup-s3-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const bucket = useTestBucket();
const t = useTestApp({ config: () => ({ dataDir, s3: bucket.config }) });
const silent = { warn() {} };

async function objectBytes(key: string): Promise<Buffer> {
  const client = s3Client(bucket.config);
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: bucket.config.bucket, Key: key }));
    return Buffer.from(await object.Body!.transformToByteArray());
  } finally {
    client.destroy();
  }
}

describe('backups with a bucket', () => {
  it('backs up uploads from the bucket to s3://bucket/prefix and restores them from there', async () => {
    const author = await signUp(t);
    await threadWithImage(t, author, false);
    await threadWithImage(t, author, true);
    const { bucket: name, ...connection } = bucket.config;
    const config = testConfig({ dataDir, s3: bucket.config, s3Connection: connection });
    const uploads = (await bucket.keys()).filter((key) => !key.includes('/'));
    expect(uploads.length).toBeGreaterThanOrEqual(4);
    const originals = new Map(await Promise.all(uploads.map(async (key) => [key, await objectBytes(key)] as const)));

    // Parts of 8 KiB: the archive goes up as a multipart upload, complete or not at all.
    const result = await backup({ config, connectionString: t.url, to: `s3://${name}/nightly/`, partBytes: 8 * 1024 });
    expect(result.location).toBe(`s3://${name}/nightly/${result.name}`);
    expect(result.bytes).toBeGreaterThan(8 * 1024);
    expect(await bucket.keys()).toContain(`nightly/${result.name}`);
    expect(result.manifest.uploads.map((upload) => upload.name).sort()).toEqual(uploads.sort());

    // The uploads are lost; the restore puts them back.
    const client = s3Client(bucket.config);
    for (const key of uploads) await client.send(new DeleteObjectCommand({ Bucket: name, Key: key }));
    client.destroy();
    const url = await createEmptyDatabaseUrl();
    const database = createDatabase(url, silent);
    try {
      await restore({ archive: result.location, config, database });
    } finally {
      await database.close();
    }
    for (const [key, bytes] of originals) expect((await objectBytes(key)).equals(bytes), key).toBe(true);
    const restored = await readTablesOf(url);
    expect(restored.threads).toEqual((await readTablesOf(t.url)).threads);
  });

  it('refuses an s3:// archive that is not there', async () => {
    const { bucket: name, ...connection } = bucket.config;
    const database = createDatabase(await createEmptyDatabaseUrl(), silent);
    try {
      await expect(
        restore({ archive: `s3://${name}/nightly/hushboard-backup-20200101T000000Z.tar`, config: testConfig({ dataDir, s3Connection: connection }), database }),
      ).rejects.toThrow(`No archive at s3://${name}/nightly/hushboard-backup-20200101T000000Z.tar`);
    } finally {
      await database.close();
    }
  });
});
