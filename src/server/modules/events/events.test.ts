// Live updates over real HTTP (CONTRACT.md section 10): two app instances on one
// database, so what one writes reaches the other's watchers through LISTEN/NOTIFY.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createDatabase, type Database } from '../../db/client.js';
import { createTestDatabaseUrl, TestClient, testConfig, type TestApp } from '../../test/app.js';
import { createReply, createThread, signUp, type TestUser } from '../../test/factories.js';
import { openStream, type SseMessage } from '../../test/sse.js';
import { pruneEventLog } from './log.js';

const silent = { warn() {} };

let url: string;
const databases: Database[] = [];
const apps: FastifyInstance[] = [];
let a: { app: FastifyInstance; base: string };
let b: { app: FastifyInstance; base: string };
/** Writes go through instance A (inject), as a TestApp would. */
const t = {} as TestApp;
let author: TestUser;
let admin: TestUser;

async function instance(options: Parameters<typeof buildApp>[0]['liveEvents'] = {}) {
  const database = createDatabase(url, silent);
  databases.push(database);
  const app = await buildApp({ config: testConfig(), database, liveEvents: options });
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, database };
}

beforeAll(async () => {
  url = await createTestDatabaseUrl();
  const first = await instance({ streamsPerIp: 3 });
  a = first;
  b = await instance({ heartbeatMs: 150 });
  Object.assign(t, { app: first.app, database: first.database, url, client: () => new TestClient(first.app) });
  [author, admin] = await Promise.all([signUp(t), signUp(t, { admin: true })]);
});

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const database of databases) await database.close();
});

const json = (message: SseMessage) => JSON.parse(message.data!) as Record<string, unknown>;

describe('GET /api/events', () => {
  it('tells a thread watcher on another instance of a reply, by ids only, soon after its 201', async () => {
    const thread = await createThread(t, author);
    const stream = await openStream(b.base, `?thread=${thread.id}`);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    await stream.until(() => stream.lastId);
    const reply = await createReply(author, thread.id, { content: 'secret words' });
    const started = Date.now();
    const event = await stream.next('post');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(json(event)).toEqual({ threadId: thread.id, postId: reply.id });
    expect(event.id).toMatch(/^\d+$/);
    expect(stream.messages.map((message) => message.data).join('')).not.toContain('secret');
    await stream.close();
  });

  it('tells a board watcher of a new thread, and a thread watcher of votes, locks and deletions', async () => {
    const board = await openStream(b.base, '?board=g');
    await board.until(() => board.lastId);
    const thread = await createThread(t, author);
    expect(json(await board.next('thread'))).toEqual({ boardCode: 'g', threadId: thread.id });
    await board.close();

    const reply = await createReply(author, thread.id);
    const watcher = await openStream(a.base, `?thread=${thread.id}`);
    await watcher.until(() => watcher.lastId);
    const updates = () => watcher.messages.filter((message) => message.event === 'update');
    expect((await admin.client.post(`/api/posts/${reply.id}/vote`, { voteType: 1 })).statusCode).toBe(200);
    await watcher.until(() => (updates().length >= 1 ? true : undefined));
    expect((await admin.client.patch(`/api/threads/${thread.id}/lock`, { isLocked: true })).statusCode).toBe(200);
    await watcher.until(() => (updates().length >= 2 ? true : undefined));
    expect((await author.client.delete(`/api/posts/${reply.id}`)).statusCode).toBe(204);
    await watcher.until(() => (updates().length >= 3 ? true : undefined));
    expect(updates().map(json)).toEqual([{ threadId: thread.id }, { threadId: thread.id }, { threadId: thread.id }]);
    await watcher.close();
  });

  it('replays what a reconnecting client missed, and resets when the log no longer reaches back', async () => {
    const thread = await createThread(t, author);
    const first = await openStream(b.base, `?thread=${thread.id}`);
    const lastId = await first.until(() => first.lastId);
    await first.close();
    const missed = [await createReply(author, thread.id), await createReply(author, thread.id)];
    const again = await openStream(b.base, `?thread=${thread.id}`, { 'last-event-id': lastId });
    await again.until(() => (again.messages.length >= 2 ? true : undefined));
    expect(again.messages.map((message) => [message.event, json(message).postId])).toEqual(missed.map((post) => ['post', post.id]));
    await again.close();

    await pruneEventLog(t.database.db, 0);
    await createReply(author, thread.id);
    const late = await openStream(b.base, `?thread=${thread.id}`, { 'last-event-id': lastId });
    const reset = await late.next('reset');
    expect(Number(reset.id)).toBeGreaterThan(Number(lastId));
    expect(late.messages.filter((message) => message.event === 'post')).toEqual([]);
    await late.close();
  });

  it("replays what a page's first stream missed since the page was read (`since`), the header winning over it", async () => {
    const thread = await createThread(t, author);
    const first = await openStream(b.base, `?thread=${thread.id}`);
    const readAt = await first.until(() => first.lastId);
    await first.close();
    // Posted while the page travelled and hydrated, before its stream opened.
    const missed = await createReply(author, thread.id);
    const stream = await openStream(b.base, `?thread=${thread.id}&since=${readAt}`);
    const post = await stream.next('post');
    expect(json(post).postId).toBe(missed.id);
    const latest = post.id!;
    await stream.close();
    // A browser reconnecting sends Last-Event-ID on the same URL: it resumes from there, not from `since`.
    const reconnected = await openStream(b.base, `?thread=${thread.id}&since=${readAt}`, { 'last-event-id': latest });
    await reconnected.until(() => reconnected.lastId);
    expect(reconnected.messages.filter((message) => message.event === 'post')).toEqual([]);
    await reconnected.close();
    // A `since` that is no id is a reset, as one from the future is (security/unplaceable-resume.test.ts has every case).
    const garbled = await openStream(b.base, `?thread=${thread.id}&since=abc`);
    expect(garbled.response.status).toBe(200);
    await garbled.next('reset');
    await garbled.close();
    const future = await openStream(b.base, `?thread=${thread.id}&since=${Number(latest) + 1_000_000}`);
    await future.next('reset');
    await future.close();
  });

  it('sends a comment line on every heartbeat', async () => {
    const stream = await openStream(b.base);
    await stream.until(() => (stream.comments >= 2 ? true : undefined));
    await stream.close();
  });

  it('writes no heartbeat before a stream\'s head: a stream opened during a heartbeat still gets its events', async () => {
    // A heartbeat every millisecond falls between each stream's admission and its head
    // (written after the replay's query). It once went out first: the head then failed,
    // and the stream stayed open but never carried an event.
    const busy = await instance({ heartbeatMs: 1 });
    const thread = await createThread(t, author);
    const streams = await Promise.all(Array.from({ length: 5 }, () => openStream(busy.base, `?thread=${thread.id}`)));
    for (const stream of streams) {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      await stream.until(() => stream.lastId);
    }
    const reply = await createReply(author, thread.id);
    for (const stream of streams) {
      expect(json(await stream.next('post'))).toEqual({ threadId: thread.id, postId: reply.id });
      await stream.close();
    }
  });

  it('answers 404 for an unknown or deleted thread or board, and 429 beyond the open streams an IP may have', async () => {
    const gone = await createThread(t, author);
    expect((await author.client.delete(`/api/threads/${gone.id}`)).statusCode).toBe(204);
    for (const query of [`?thread=${gone.id}`, '?thread=99999999', '?thread=x', '?board=nope', '?board=G%20']) {
      const response = await fetch(`${a.base}/api/events${query}`);
      expect(response.status, query).toBe(404);
      await response.arrayBuffer();
    }
    await a.app.services.liveEvents.ensureListening();
    const deadline = Date.now() + 3000;
    while (a.app.services.liveEvents.openStreams > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const open = [await openStream(a.base), await openStream(a.base), await openStream(a.base)];
    expect(open.map((stream) => stream.response.status)).toEqual([200, 200, 200]);
    const refused = await fetch(`${a.base}/api/events`);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe('Too many open event streams');
    for (const stream of open) await stream.close();
  });

  it('ends its streams when the server closes, without waiting for the shutdown timeout', async () => {
    const c = await instance();
    const stream = await openStream(c.base);
    await stream.until(() => stream.lastId);
    const started = Date.now();
    await c.app.close();
    expect(Date.now() - started).toBeLessThan(3000);
    await stream.until(() => (stream.ended ? true : undefined));
  });
});

describe('revalidating a thread', () => {
  it('answers a visitor 304 while nothing changed, and the new page after any change', async () => {
    // Signed, so the author's new name shows on the page.
    const thread = await createThread(t, author, { isAnonymous: false });
    const reply = await createReply(author, thread.id, { isAnonymous: false });
    const visitor = new TestClient(a.app);
    const first = await visitor.get(`/api/threads/${thread.id}`);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await visitor.get(`/api/threads/${thread.id}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('no-cache');
    // Another instance has not built the page yet: it builds it once, then knows it.
    expect((await new TestClient(b.app).get(`/api/threads/${thread.id}`, { 'if-none-match': etag })).statusCode).toBe(304);

    const changes = [
      () => createReply(author, thread.id),
      () => admin.client.post(`/api/posts/${reply.id}/vote`, { voteType: -1 }),
      () => admin.client.post(`/api/threads/${thread.id}/vote`, { voteType: 1 }),
      () => admin.client.patch(`/api/threads/${thread.id}/sticky`, { isSticky: true }),
      () => author.client.delete(`/api/posts/${reply.id}`),
      () => author.client.patch(`/api/users/${author.id}`, { username: `${author.username}x` }),
    ];
    let current = etag;
    for (const change of changes) {
      await change();
      const changed = await visitor.get(`/api/threads/${thread.id}`, { 'if-none-match': current });
      expect(changed.statusCode, String(change)).toBe(200);
      expect(changed.headers.etag).not.toBe(current);
      current = changed.headers.etag as string;
      expect((await visitor.get(`/api/threads/${thread.id}`, { 'if-none-match': current })).statusCode).toBe(304);
    }
    // Signed-in readers keep private, uncached answers.
    const signedIn = await author.client.get(`/api/threads/${thread.id}`, { 'if-none-match': current });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
  });
});
