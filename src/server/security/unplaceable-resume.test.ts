// Issue 28, finding 9 (CONTRACT.md section 10): a client resuming from a point the server
// cannot place (`Last-Event-ID`, or a page's `?since=`) that is malformed, never issued
// (from the future) or older than the kept 5 minutes gets a `reset` first, so it refetches
// what it watches instead of silently starting at the newest event and missing what
// came between. A well-formed id the log still reaches resumes exactly.
import { eq, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createDatabase, type Database } from '../db/client.js';
import { eventLog } from '../db/schema.js';
import { latestEventId, pruneEventLog, recordEvent } from '../modules/events/index.js';
import { createTestDatabaseUrl, TestClient, testConfig, type TestApp } from '../test/app.js';
import { createThread, signUp, type TestUser } from '../test/factories.js';
import { openStream } from '../test/sse.js';

const t = {} as TestApp;
let database: Database;
let app: FastifyInstance;
let base: string;
let author: TestUser;
let threadId: number;

beforeAll(async () => {
  const url = await createTestDatabaseUrl();
  database = createDatabase(url, { warn() {} });
  app = await buildApp({ config: testConfig(), database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  Object.assign(t, { app, database, url, client: () => new TestClient(app) });
  author = await signUp(t);
  threadId = (await createThread(t, author)).id;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** Two events on the watched thread, without other ids burned between them. */
async function twoUpdates() {
  await recordEvent(database.db, { type: 'update', threadId });
  const first = await latestEventId(database.db);
  await recordEvent(database.db, { type: 'update', threadId });
  return [first, await latestEventId(database.db)] as const;
}

/** What a stream resuming from this point sends before it goes quiet: [event, id] pairs. */
async function resumeFrom(point: { header?: string; since?: string }) {
  const query = `?thread=${threadId}${point.since === undefined ? '' : `&since=${encodeURIComponent(point.since)}`}`;
  const stream = await openStream(base, query, point.header === undefined ? {} : { 'last-event-id': point.header });
  expect(stream.response.status).toBe(200);
  const latest = String(await latestEventId(database.db));
  await stream.until(() => (stream.lastId === latest ? true : undefined));
  await stream.close();
  return stream.messages.map((message) => [message.event, Number(message.id)]);
}

describe('resuming a live stream', () => {
  it('replays exactly what came after a well-formed id the log reaches, from the header or from since', async () => {
    const before = await latestEventId(database.db);
    const [first, second] = await twoUpdates();
    for (const point of [{ header: String(before) }, { since: String(before) }, { header: ` ${before} ` }, { header: String(before), since: 'garbage' }]) {
      expect(await resumeFrom(point), JSON.stringify(point)).toEqual([
        ['update', first],
        ['update', second],
      ]);
    }
    expect(await resumeFrom({ header: String(first) })).toEqual([['update', second]]);
    // The newest id: nothing missed, nothing to refetch.
    expect(await resumeFrom({ header: String(second) })).toEqual([]);
  });

  it('starts at the newest event, without a reset, when no point is asked (no header, an empty since)', async () => {
    await twoUpdates();
    expect(await resumeFrom({})).toEqual([]);
    expect(await resumeFrom({ since: '' })).toEqual([]);
  });

  it('resets an id never issued (from the future), on the header and on since', async () => {
    await twoUpdates();
    const latest = await latestEventId(database.db);
    for (const point of [{ header: String(latest + 1) }, { since: String(latest + 1_000_000) }, { header: '999999999999999' }]) {
      expect(await resumeFrom(point), JSON.stringify(point)).toEqual([['reset', latest]]);
    }
  });

  it('resets a point that is no id, on the header and on since (the header winning over a good since)', async () => {
    const before = await latestEventId(database.db);
    await twoUpdates();
    const latest = await latestEventId(database.db);
    const malformed = ['abc', '-1', '1.5', '12abc', '0x10', '1e3', '+5', '9'.repeat(16), `${before},${before}`, '1 2'];
    for (const value of malformed) {
      expect(await resumeFrom({ header: value }), `header ${value}`).toEqual([['reset', latest]]);
      expect(await resumeFrom({ since: value }), `since ${value}`).toEqual([['reset', latest]]);
    }
    expect(await resumeFrom({ header: 'abc', since: String(before) })).toEqual([['reset', latest]]);
  });

  it('resets an id older than the kept 5 minutes, and resumes exactly from the oldest point still kept', async () => {
    const before = await latestEventId(database.db);
    const [first, second] = await twoUpdates();
    // The first event is 6 minutes old: the prune job takes it.
    await database.db.execute(sql`UPDATE ${eventLog} SET created_at = now() - interval '6 minutes' WHERE ${lte(eventLog.id, first)}`);
    expect(await pruneEventLog(database.db)).toBeGreaterThanOrEqual(1);
    expect(await database.db.select().from(eventLog).where(eq(eventLog.id, first))).toEqual([]);
    expect(await resumeFrom({ header: String(before) })).toEqual([['reset', second]]);
    expect(await resumeFrom({ since: String(before) })).toEqual([['reset', second]]);
    expect(await resumeFrom({ header: String(first) })).toEqual([['update', second]]);
    // Everything pruned: only the newest id is still placeable.
    await pruneEventLog(database.db, 0);
    expect(await resumeFrom({ header: String(first) })).toEqual([['reset', second]]);
    expect(await resumeFrom({ header: String(second) })).toEqual([]);
  });
});
