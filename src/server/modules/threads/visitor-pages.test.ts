// The visitors' thread pages kept per instance (visitor-pages.ts), from the outside: two
// instances on one database, as in production behind a load balancer.
import type { FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createDatabase, type Database } from '../../db/client.js';
import { testConfig, TestClient, useTestApp } from '../../test/app.js';
import { createReply, createThread, signUp } from '../../test/factories.js';
import { createVisitorPages } from './visitor-pages.js';
import { until } from '../../test/until.js';

const t = useTestApp();
let other: { app: FastifyInstance; database: Database };

beforeAll(async () => {
  const database = createDatabase(t.url, { warn() {} });
  const app = await buildApp({ config: testConfig(), database });
  await app.ready();
  other = { app, database };
  await Promise.all([t.app.services.channels.ready(), app.services.channels.ready()]);
});
afterAll(async () => {
  await other?.app.close();
  await other?.database.close();
});


/** How many pool clients `work` takes from an instance's database pool: its queries, near enough. */
async function poolCheckouts(database: Database, work: () => Promise<void>): Promise<number> {
  let count = 0;
  const onAcquire = () => count++;
  database.pool.on('acquire', onAcquire);
  try {
    await work();
  } finally {
    database.pool.off('acquire', onAcquire);
  }
  return count;
}

const replyContents = (body: string) => (JSON.parse(body) as { posts: { content: string }[] }).posts.map((post) => post.content);

describe("visitors' thread pages", () => {
  it('cost one read per change of the thread, however many visitors read it', async () => {
    const author = await signUp(t);
    const thread = await createThread(t, author);
    const visitor = new TestClient(other.app);
    const first = await visitor.get(`/api/threads/${thread.id}`);
    expect(first.statusCode).toBe(200);
    const reads = await poolCheckouts(other.database, async () => {
      for (let i = 0; i < 20; i++) expect((await new TestClient(other.app).get(`/api/threads/${thread.id}`)).body).toBe(first.body);
    });
    expect(reads).toBe(0);

    // A reply through the other instance reaches this one's visitors once announced.
    await createReply(author, thread.id, { content: 'A reply written on the first instance' });
    const after = await until(
      () => visitor.get(`/api/threads/${thread.id}`),
      'the reply to reach the other instance',
      (response) => replyContents(response.body).includes('A reply written on the first instance'),
    );
    expect(after.headers.etag).not.toBe(first.headers.etag);
  });

  it("include a board's thread list, kept until the board's list moves on another instance", async () => {
    const author = await signUp(t);
    await createThread(t, author, { title: 'Listed before' });
    const visitor = new TestClient(other.app);
    const url = '/api/boards/g/threads?sort=newest';
    expect((await visitor.get(url)).statusCode).toBe(200);
    // Kept once the thread just created has been announced here too (it may drop a list read before).
    await until(
      () => poolCheckouts(other.database, async () => void (await new TestClient(other.app).get(url))),
      'the list to be answered from memory',
      (checkouts) => checkouts === 0,
    );
    // A thread created through the first instance reaches the second's visitors once announced.
    await createThread(t, author, { title: 'Listed after the list was kept' });
    await until(
      () => visitor.get(url),
      'the new thread to reach the other instance',
      (response) => (JSON.parse(response.body) as { title: string }[]).some((thread) => thread.title === 'Listed after the list was kept'),
    );
    expect((await visitor.get('/api/boards/nosuchboard/threads')).statusCode).toBe(404);

    // On one instance: an admin's list carries the posters' ipHashes, another user's their own
    // votes; neither is kept nor handed on, and neither gets the visitors' list.
    const here = t.client();
    const visitorsList = (await here.get(url)).body;
    const admin = await signUp(t, { admin: true });
    const adminList = await admin.client.get(url);
    expect(adminList.body).toContain('ipHash');
    expect(adminList.headers['cache-control']).toBe('private, no-store');
    const reader = await signUp(t);
    expect((await reader.client.get(url)).headers['cache-control']).toBe('private, no-store');
    const after = await here.get(url);
    expect(after.body).toBe(visitorsList);
    expect(after.body).not.toContain('ipHash');
  });

  it('show a write to whoever made it on the same instance at once, and to visitors there', async () => {
    const author = await signUp(t);
    const thread = await createThread(t, author);
    const visitor = t.client();
    expect((await visitor.get(`/api/threads/${thread.id}`)).statusCode).toBe(200);
    await createReply(author, thread.id, { content: 'Seen at once' });
    expect(replyContents((await visitor.get(`/api/threads/${thread.id}`)).body)).toContain('Seen at once');
  });

  it('answer an unchanged page 304 from what is kept, and a signed-in reader never from it', async () => {
    const author = await signUp(t);
    const thread = await createThread(t, author, { isAnonymous: true });
    const visitor = t.client();
    const page = await visitor.get(`/api/threads/${thread.id}`);
    const revalidated = await visitor.get(`/api/threads/${thread.id}`, { 'if-none-match': page.headers.etag as string });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    // The author's own view marks the thread as theirs; the kept page must not be it.
    const own = await author.client.get(`/api/threads/${thread.id}`);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.body).not.toBe(page.body);
    // An admin's view carries the ipHash: never kept, never handed to a visitor.
    const admin = await signUp(t, { admin: true });
    const adminView = await admin.client.get(`/api/threads/${thread.id}`);
    expect(adminView.json()).toHaveProperty('ipHash');
    expect(adminView.headers['cache-control']).toBe('private, no-store');
    const after = await t.client().get(`/api/threads/${thread.id}`);
    expect(after.body).toBe(page.body);
    expect(after.body).not.toContain('ipHash');
  });

  it('go out compressed as the client asks (brotli, else gzip), the same page as uncompressed', async () => {
    const author = await signUp(t);
    const thread = await createThread(t, author, { content: 'Long enough to be worth compressing. '.repeat(60) });
    const plain = await t.client().get(`/api/threads/${thread.id}`);
    const brotli = await t.app.inject({ url: `/api/threads/${thread.id}`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.app.inject({ url: `/api/threads/${thread.id}`, headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect([brotli.headers.etag, gzip.headers.etag]).toEqual([plain.headers.etag, plain.headers.etag]);
  });

  it("of a board are kept until the board's list moves, on whichever instance it moved", async () => {
    const pages = createVisitorPages(other.app.services.channels);
    let reads = 0;
    const read = async () => ({ body: `board page, read ${++reads}` });
    expect((await pages.page('board:g', 'html', read)).body).toBe('board page, read 1');
    expect((await pages.page('board:g', 'html', read)).body).toBe('board page, read 1');
    // A new thread on the board moves its list_version (a trigger), which announces the board.
    await createThread(t, await signUp(t));
    await until(() => pages.page('board:g', 'html', read), 'the board page to be read again', (page) => page.body === 'board page, read 2');
    expect((await pages.page('board:g', 'html', read)).body).toBe('board page, read 2');
  });

  it('are not served while the instance does not listen, so a change it cannot hear is never hidden', async () => {
    const author = await signUp(t);
    const thread = await createThread(t, author, { title: 'Before the outage' });
    const visitor = new TestClient(other.app);
    expect((await visitor.get(`/api/threads/${thread.id}`)).json()).toMatchObject({ title: 'Before the outage' });
    const admin = new pg.Client({ connectionString: t.url });
    await admin.connect();
    try {
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'hushboard-channels' AND datname = current_database()`);
      // Changed while no instance listens: no notification will ever tell of it.
      await admin.query(`UPDATE threads SET title = 'During the outage', version = version + 1 WHERE id = $1`, [thread.id]);
    } finally {
      await admin.end();
    }
    const seen = await until(
      () => visitor.get(`/api/threads/${thread.id}`),
      'the change made during the outage',
      (response) => (response.json() as { title: string }).title === 'During the outage',
      5_000,
    );
    expect(seen.statusCode).toBe(200);
    await until(() => other.app.services.channels.listening, 'the listener to come back');
    expect((await visitor.get(`/api/threads/${thread.id}`)).json()).toMatchObject({ title: 'During the outage' });
  });
});
