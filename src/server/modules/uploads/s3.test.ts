import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threads } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { boardId, createThread, signUp, type TestUser } from '../../test/factories.js';
import { useTestBucket } from '../../test/s3.js';
import { uploadsPlugin } from './plugin.js';
import { createS3Storage } from './s3-storage.js';

// Uploads in a bucket (S3_BUCKET), against s3rver: a real S3-protocol server on loopback.

const IMMUTABLE = 'public, max-age=31536000, immutable';
const PUBLIC_URL = 'https://cdn.example.test/media';

// No upload may reach the local folder while a bucket is configured.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hushboard-s3-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const bucket = useTestBucket();
const t = useTestApp({ config: () => ({ dataDir, s3: bucket.config }) });
// A second app on the same bucket (its own database), answering URLs on a CDN prefix.
const cdn = useTestApp({ config: () => ({ dataDir, s3: bucket.config, uploadsPublicUrl: PUBLIC_URL }) });

let author: TestUser;
let other: TestUser;
let cdnAuthor: TestUser;

beforeAll(async () => {
  [author, other, cdnAuthor] = await Promise.all([signUp(t), signUp(t), signUp(cdn)]);
});

let colour = 0;
/** A PNG no other test uploads. */
const picture = () =>
  sharp({ create: { width: 48, height: 32, channels: 3, background: { r: 90, g: (colour += 11) % 256, b: 30 } } })
    .png()
    .toBuffer();

const nameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

async function threadWithImage(app: typeof t, user: TestUser, data: Buffer) {
  const response = await user.client.postForm(
    '/api/threads',
    { boardId: String(await boardId(app)), title: 'In the bucket', content: 'A picture stored in S3', isAnonymous: 'false' },
    { data, fileName: 'bucket.png', type: 'image/png' },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; imageUrl: string; thumbnailUrl: string };
}

async function replyWithImage(user: TestUser, threadId: number, data: Buffer) {
  const response = await user.client.postForm('/api/posts', { threadId: String(threadId), content: 'Same picture', isAnonymous: 'false' }, { data, fileName: 'p.png', type: 'image/png' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; imageUrl: string; thumbnailUrl: string };
}

describe('the S3 driver', () => {
  it('stores with the type and immutable caching, once per name, and deletes', async () => {
    const storage = createS3Storage(bucket.config);
    try {
      const name = `${'a'.repeat(64)}.webp`;
      expect(await storage.has(name)).toBe(false);
      await storage.put(name, Buffer.from('first'));
      expect(await storage.has(name)).toBe(true);
      const stored = await bucket.head(name);
      expect(stored).toMatchObject({ ContentType: 'image/webp', CacheControl: IMMUTABLE, ContentLength: 5 });

      // Names are content hashes: a second put of the name writes nothing.
      await storage.put(name, Buffer.from('second, longer'));
      expect((await bucket.head(name))?.ContentLength).toBe(5);

      await storage.delete(name);
      expect(await bucket.head(name)).toBeNull();
      // Deleting what is not there is not an error.
      await storage.delete(name);

      for (const bad of ['../escape.png', 'a/b.png', '.hidden.png', 'noext']) {
        await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow('Invalid storage name');
      }
    } finally {
      storage.close?.();
    }
  });
});

describe('uploads through the API with S3_BUCKET', () => {
  it('stores the image and its thumbnail in the bucket, not on disk, and streams them with the local headers', async () => {
    const data = await picture();
    const thread = await threadWithImage(t, author, data);
    expect(thread.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
    expect(thread.thumbnailUrl).toMatch(/^\/uploads\/[0-9a-f]{64}-thumb\.webp$/);
    const keys = await bucket.keys();
    expect(keys).toContain(nameOf(thread.imageUrl));
    expect(keys).toContain(nameOf(thread.thumbnailUrl));
    expect(existsSync(path.join(dataDir, 'uploads'))).toBe(false);

    const image = await t.client().get(thread.imageUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': IMMUTABLE,
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
      'content-length': String(image.rawPayload.length),
    });
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'png', width: 48, height: 32 });
    expect(image.headers.etag).toMatch(/^"[0-9a-f]+"$/);
    expect(new Date(String(image.headers['last-modified'])).getTime()).not.toBeNaN();

    const thumbnail = await t.client().get(thread.thumbnailUrl);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers).toMatchObject({ 'content-type': 'image/webp', 'cache-control': IMMUTABLE });
    expect((await sharp(thumbnail.rawPayload).metadata()).format).toBe('webp');

    const head = await t.app.inject({ method: 'HEAD', url: thread.imageUrl });
    expect(head.statusCode).toBe(200);
    expect(head.headers).toMatchObject({ 'content-type': 'image/png', 'cache-control': IMMUTABLE });

    // A browser revalidating its copy, and one asking for a part.
    const again = await t.client().request('GET', thread.imageUrl, { headers: { 'if-none-match': String(image.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const part = await t.client().request('GET', thread.imageUrl, { headers: { range: 'bytes=0-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${image.rawPayload.length}`);
    expect(part.rawPayload).toEqual(image.rawPayload.subarray(0, 8));
  });

  it('answers 404 for a missing object or a name that is not ours, and still serves the default image', async () => {
    for (const url of [`/uploads/${'b'.repeat(64)}.png`, '/uploads/nothing', '/uploads/.hidden.png', '/uploads/a/b.png', '/uploads/', '/uploads/..%2fpackage.json']) {
      const response = await t.client().get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe('Not found');
    }
    const fallback = await t.client().get('/uploads/default-image.jpg');
    expect(fallback.statusCode).toBe(200);
    expect(fallback.headers['content-type']).toBe('image/jpeg');
  });

  it("deleting a post removes its objects once no live post shows the same picture", async () => {
    const thread = await createThread(t, other);
    const data = await picture();
    const first = await replyWithImage(author, thread.id, data);
    const second = await replyWithImage(other, thread.id, data);
    expect(second.imageUrl).toBe(first.imageUrl);
    const names = [nameOf(first.imageUrl), nameOf(first.thumbnailUrl)];

    expect((await author.client.delete(`/api/posts/${first.id}`)).statusCode).toBe(204);
    for (const name of names) expect(await bucket.head(name), name).not.toBeNull();
    expect((await t.client().get(first.imageUrl)).statusCode).toBe(200);

    expect((await other.client.delete(`/api/posts/${second.id}`)).statusCode).toBe(204);
    for (const name of names) expect(await bucket.head(name), name).toBeNull();
    expect((await t.client().get(first.imageUrl)).statusCode).toBe(404);
    expect((await t.client().get(first.thumbnailUrl)).statusCode).toBe(404);
  });

  it('answers 503, not 500, while the bucket cannot be reached', async () => {
    // A port nothing listens on: the server's own, closed.
    const closed = Fastify();
    await closed.listen({ port: 0, host: '127.0.0.1' });
    const { port } = closed.server.address() as { port: number };
    await closed.close();
    const storage = createS3Storage({ ...bucket.config, endpoint: `http://127.0.0.1:${port}` });
    const app = Fastify();
    await app.register(uploadsPlugin, { storage });
    try {
      const response = await app.inject({ method: 'GET', url: `/uploads/${'c'.repeat(64)}.png` });
      expect(response.statusCode).toBe(503);
    } finally {
      await app.close();
      storage.close?.();
    }
  });
});

describe('UPLOADS_PUBLIC_URL', () => {
  it('answers image URLs on the prefix, keeps the stored path in the row, and lets the CSP load from there', async () => {
    const thread = await threadWithImage(cdn, cdnAuthor, await picture());
    expect(thread.imageUrl).toMatch(/^https:\/\/cdn\.example\.test\/media\/[0-9a-f]{64}\.png$/);
    expect(thread.thumbnailUrl).toMatch(/^https:\/\/cdn\.example\.test\/media\/[0-9a-f]{64}-thumb\.webp$/);
    const keys = await bucket.keys();
    expect(keys).toContain(nameOf(thread.imageUrl));
    expect(keys).toContain(nameOf(thread.thumbnailUrl));

    // Rows keep the path, so another prefix later needs no migration.
    const [row] = await cdn.database.db.select({ imageUrl: threads.imageUrl, thumbnailUrl: threads.thumbnailUrl }).from(threads).where(eq(threads.id, thread.id));
    expect(row).toEqual({ imageUrl: `/uploads/${nameOf(thread.imageUrl)}`, thumbnailUrl: `/uploads/${nameOf(thread.thumbnailUrl)}` });

    // Every way a thread or post is read builds the same URLs.
    const detail = await cdn.client().get(`/api/threads/${thread.id}`);
    expect(detail.json()).toMatchObject({ imageUrl: thread.imageUrl, thumbnailUrl: thread.thumbnailUrl });
    const reply = await replyWithImage(cdnAuthor, thread.id, await picture());
    expect(reply.imageUrl.startsWith(`${PUBLIC_URL}/`)).toBe(true);
    const { posts } = (await cdn.client().get(`/api/threads/${thread.id}`)).json() as { posts: { imageUrl: string }[] };
    expect(posts.map((post) => post.imageUrl)).toEqual([reply.imageUrl]);
    const profile = (await cdn.client().get(`/api/users/${cdnAuthor.id}/threads`)).json() as { id: number; imageUrl: string }[];
    expect(profile.find((entry) => entry.id === thread.id)?.imageUrl).toBe(thread.imageUrl);

    expect(String(detail.headers['content-security-policy'])).toMatch(/img-src 'self' data: blob: https:\/\/cdn\.example\.test(;|$)/);
    // Old links to the app's own path keep working.
    expect((await cdn.client().get(`/uploads/${nameOf(thread.imageUrl)}`)).statusCode).toBe(200);

    // Deleting works from the stored path, whatever the prefix.
    expect((await cdnAuthor.client.delete(`/api/threads/${thread.id}`)).statusCode).toBe(204);
    for (const url of [thread.imageUrl, thread.thumbnailUrl, reply.imageUrl, reply.thumbnailUrl]) expect(await bucket.head(nameOf(url)), url).toBeNull();
  });
});
