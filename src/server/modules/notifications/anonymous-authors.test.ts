// Notifications of anonymous writing (CONTRACT.md sections 10, 11 and 13): replies,
// quotes and tips to an anonymous thread or post reach its author, addressed to the
// content's author tag and never to an account; the author reads, counts and marks them
// with their key on any client, hears them live on every instance, and no one else does.
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createDatabase, type Database } from '../../db/client.js';
import { eventLog, notifications, posts, threads } from '../../db/schema.js';
import { createTestDatabaseUrl, TestClient, testConfig, type TestApp } from '../../test/app.js';
import { createReply, createThread, signUp, type TestUser } from '../../test/factories.js';
import { openStream } from '../../test/sse.js';
import { notifyTip } from './create.js';
import { publishUnread } from './publish.js';

const silent = { warn() {} };
const databases: Database[] = [];
const apps: FastifyInstance[] = [];
/** Writes go through instance A (inject); streams open on A or B, which share the database. */
const t = {} as TestApp;
let a: { app: FastifyInstance; base: string };
let b: { app: FastifyInstance; base: string };

async function instance(url: string) {
  const database = createDatabase(url, silent);
  databases.push(database);
  const app = await buildApp({ config: testConfig(), database });
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, database, base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

interface Item {
  id: number;
  type: string;
  threadId: number;
  postId: number | null;
  actor: { id: number; username: string } | null;
  readAt: string | null;
}

const list = async (client: TestClient, query = '') => {
  const response = await client.get(`/api/notifications${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as Item[];
};
const unread = async (client: TestClient) => ((await client.get('/api/notifications/unread-count')).json() as { count: number }).count;
const about = async (client: TestClient, threadId: number, postId: number | null) =>
  (await list(client)).filter((item) => item.threadId === threadId && item.postId === postId);
const cookieOf = (client: TestClient) => [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
const rowsAbout = (postId: number) => t.database.db.select().from(notifications).where(eq(notifications.postId, postId));
const tagOfThread = async (id: number) => (await t.database.db.select({ tag: threads.authorTag }).from(threads).where(eq(threads.id, id)))[0]!.tag!;
const tagOfPost = async (id: number) => (await t.database.db.select({ tag: posts.authorTag }).from(posts).where(eq(posts.id, id)))[0]!.tag!;

let author: TestUser;
/** The author signed in again on another client: a session of its own, the same key. */
let elsewhere: TestClient;
let bob: TestUser;
let carol: TestUser;
let admin: TestUser;

beforeAll(async () => {
  const url = await createTestDatabaseUrl();
  const first = await instance(url);
  a = first;
  b = await instance(url);
  Object.assign(t, { app: first.app, database: first.database, url, client: () => new TestClient(first.app) });
  [author, bob, carol, admin] = await Promise.all([signUp(t, { prefix: 'anon' }), signUp(t, { prefix: 'bob' }), signUp(t, { prefix: 'carol' }), signUp(t, { admin: true })]);
  elsewhere = t.client();
  expect((await elsewhere.login(author.username)).statusCode).toBe(200);
});

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const database of databases) await database.close();
});

describe('replies and quotes to anonymous writing', () => {
  it("tell the author of an anonymous thread, on every client of theirs, by the thread's tag and no account", async () => {
    const thread = await createThread(t, author, { isAnonymous: true });
    const named = await createReply(bob, thread.id, { isAnonymous: false });
    const hidden = await createReply(carol, thread.id, { isAnonymous: true });
    for (const client of [author.client, elsewhere]) {
      expect(await about(client, thread.id, named.id)).toMatchObject([{ type: 'reply', actor: { id: bob.id, username: bob.username } }]);
      expect(await about(client, thread.id, hidden.id)).toMatchObject([{ type: 'reply', actor: null }]);
    }
    for (const other of [bob, carol, admin]) {
      expect(await about(other.client, thread.id, named.id)).toEqual([]);
      expect(await about(other.client, thread.id, hidden.id)).toEqual([]);
    }
    const tag = await tagOfThread(thread.id);
    for (const post of [named, hidden]) {
      const rows = await rowsAbout(post.id);
      expect(rows.map((row) => ({ userId: row.userId, recipientTag: row.recipientTag }))).toEqual([{ userId: null, recipientTag: tag }]);
    }
    // Nothing in the rows holds the author's id.
    const theirs = await t.database.db.select().from(notifications).where(eq(notifications.threadId, thread.id));
    expect(JSON.stringify(theirs)).not.toMatch(new RegExp(`"(userId|actorId)":${author.id}\\b`));
  });

  it('tell the author of an anonymous post of a reply to it and of a quote of it, in a named thread too', async () => {
    const thread = await createThread(t, bob, { isAnonymous: false });
    const post = await createReply(author, thread.id, { isAnonymous: true });
    const reply = await createReply(carol, thread.id, { replyToId: post.id, isAnonymous: false });
    const quote = await createReply(admin, thread.id, { content: `>>${post.id} well said`, isAnonymous: true });
    expect(await about(elsewhere, thread.id, reply.id)).toMatchObject([{ type: 'reply', actor: { id: carol.id } }]);
    expect(await about(elsewhere, thread.id, quote.id)).toMatchObject([{ type: 'quote', actor: null }]);
    // The thread's named author hears of both as the thread's author, by account.
    expect(await about(bob.client, thread.id, reply.id)).toMatchObject([{ type: 'reply' }]);
    expect(await about(carol.client, thread.id, quote.id)).toEqual([]);
    const tag = await tagOfPost(post.id);
    expect((await rowsAbout(quote.id)).filter((row) => row.recipientTag !== null)).toEqual([expect.objectContaining({ userId: null, recipientTag: tag, type: 'quote' })]);
  });

  it("are addressed to the tag and to the account as two recipients when the author's name is mentioned too", async () => {
    const thread = await createThread(t, author, { isAnonymous: true });
    const reply = await createReply(bob, thread.id, { content: `@${author.username} is this yours?` });
    expect((await about(author.client, thread.id, reply.id)).map((item) => item.type).sort()).toEqual(['mention', 'reply']);
    const rows = await rowsAbout(reply.id);
    expect(rows.find((row) => row.type === 'reply')).toMatchObject({ userId: null, recipientTag: await tagOfThread(thread.id) });
    expect(rows.find((row) => row.type === 'mention')).toMatchObject({ userId: author.id, recipientTag: null });
  });

  it("never tell the author of their own replies, named or anonymous, to their anonymous thread or post", async () => {
    const thread = await createThread(t, author, { isAnonymous: true });
    const post = await createReply(author, thread.id, { isAnonymous: true });
    const before = await unread(author.client);
    const own = [
      await createReply(author, thread.id, { isAnonymous: true, replyToId: post.id, content: `>>${post.id} me again` }),
      await createReply(author, thread.id, { isAnonymous: false, replyToId: post.id, content: `>>${post.id} signed` }),
    ];
    for (const reply of own) expect(await about(author.client, thread.id, reply.id)).toEqual([]);
    // The anonymous one, in the guise of the post it answers, writes nothing; the signed one
    // writes the row anyone's would (a missing one would name its author in a dump:
    // security/notification-gaps.test.ts), which its author is never shown.
    expect(await rowsAbout(own[0]!.id)).toEqual([]);
    expect(await rowsAbout(own[1]!.id)).toMatchObject([{ userId: null, recipientTag: await tagOfPost(post.id), type: 'reply' }]);
    expect(await unread(author.client)).toBe(before);
    // Their anonymous post in someone else's anonymous thread: that author hears of it, not they.
    const others = await createThread(t, bob, { isAnonymous: true });
    const theirs = await createReply(author, others.id, { isAnonymous: true });
    const answered = await createReply(author, others.id, { replyToId: theirs.id });
    expect(await about(bob.client, others.id, answered.id)).toMatchObject([{ type: 'reply', actor: null }]);
    expect(await about(author.client, others.id, answered.id)).toEqual([]);
  });

  it('use up the same notification ids whoever replies to an anonymous post, its author or not', async () => {
    const observerThread = await createThread(t, carol, { isAnonymous: false });
    const ping = async () => (await about(carol.client, observerThread.id, (await createReply(bob, observerThread.id)).id))[0]!.id;
    const gapAround = async (write: () => Promise<unknown>) => {
      const before = await ping();
      await write();
      return (await ping()) - before;
    };
    const thread = await createThread(t, author, { isAnonymous: true });
    const parent = await createReply(author, thread.id, { isAnonymous: true });
    const byAuthor = await gapAround(() => createReply(author, thread.id, { replyToId: parent.id, content: `>>${parent.id}` }));
    const bySomeoneElse = await gapAround(() => createReply(admin, thread.id, { replyToId: parent.id, content: `>>${parent.id}` }));
    expect(byAuthor).toBe(bySomeoneElse);
  });
});

describe('tips to anonymous writing', () => {
  // The settlement calls notifyTip in its transaction and publishes after it commits
  // (modules/crypto); called here directly, as the tip route to anonymous content is
  // another module's.
  const settle = async (tip: { threadId: number; postId: number | null }) => {
    const notified = await t.database.db.transaction((tx) => notifyTip(tx, tip));
    await publishUnread(t.database.db, notified);
    return notified;
  };

  it("tell the author of a tipped anonymous thread and post by its tag, naming no tipper; nothing for deleted content", async () => {
    const thread = await createThread(t, author, { isAnonymous: true });
    const post = await createReply(author, thread.id, { isAnonymous: true });
    expect(await settle({ threadId: thread.id, postId: null })).toEqual({ recipients: [], tags: [await tagOfThread(thread.id)], slots: 1 });
    await settle({ threadId: thread.id, postId: post.id });
    const tips = (await list(elsewhere)).filter((item) => item.type === 'tip' && item.threadId === thread.id);
    expect(tips).toMatchObject([
      { postId: post.id, actor: null },
      { postId: null, actor: null },
    ]);
    const rows = await t.database.db.select().from(notifications).where(sql`${notifications.threadId} = ${thread.id} AND ${notifications.type} = 'tip'`);
    expect(rows.map((row) => [row.userId, row.actorId])).toEqual([
      [null, null],
      [null, null],
    ]);
    for (const other of [bob, carol, admin]) expect((await list(other.client)).filter((item) => item.type === 'tip' && item.threadId === thread.id)).toEqual([]);
    expect((await author.client.delete(`/api/posts/${post.id}`)).statusCode).toBe(204);
    // One slot still, told or not.
    expect(await settle({ threadId: thread.id, postId: post.id })).toEqual({ recipients: [], tags: [], slots: 1 });
  });

  it('tell the author of named content by account, as before', async () => {
    const thread = await createThread(t, author, { isAnonymous: false });
    expect(await settle({ threadId: thread.id, postId: null })).toEqual({ recipients: [author.id], tags: [], slots: 1 });
  });
});

describe('reading and marking', () => {
  it("count and mark the tag's rows with the account's, and no one else reads or marks them", async () => {
    const reader = await signUp(t, { prefix: 'rd' });
    const named = await createThread(t, reader, { isAnonymous: false });
    const hidden = await createThread(t, reader, { isAnonymous: true });
    await createReply(bob, named.id);
    await createReply(bob, hidden.id);
    await createReply(carol, hidden.id);
    expect(await unread(reader.client)).toBe(3);
    const mine = await list(reader.client);
    const tagged = mine.filter((item) => item.threadId === hidden.id);
    expect(tagged).toHaveLength(2);

    // Another user: nothing of it listed, and marking it by id (or all) changes nothing.
    expect((await list(bob.client)).map((item) => item.id)).not.toEqual(expect.arrayContaining([tagged[0]!.id]));
    expect((await bob.client.post('/api/notifications/read', { ids: tagged.map((item) => item.id) })).statusCode).toBe(204);
    expect((await admin.client.post('/api/notifications/read', {})).statusCode).toBe(204);
    expect(await unread(reader.client)).toBe(3);

    expect((await reader.client.post('/api/notifications/read', { ids: [tagged[0]!.id] })).statusCode).toBe(204);
    expect(await unread(reader.client)).toBe(2);
    expect((await list(reader.client)).find((item) => item.id === tagged[0]!.id)!.readAt).toEqual(expect.any(String));
    expect((await reader.client.post('/api/notifications/read', {})).statusCode).toBe(204);
    expect(await unread(reader.client)).toBe(0);
    // A tag's row keeps no time of reading (a shared instant would tie it to the account's rows).
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.threadId, hidden.id));
    for (const row of rows) expect(row.readAt?.getTime()).toBe(row.createdAt.getTime());
  });

  it('page the tag rows with the rest, newest first', async () => {
    const reader = await signUp(t, { prefix: 'pg' });
    const hidden = await createThread(t, reader, { isAnonymous: true });
    const named = await createThread(t, reader, { isAnonymous: false });
    for (let index = 0; index < 12; index++) await createReply(bob, index % 2 ? hidden.id : named.id);
    for (let index = 0; index < 11; index++) await createReply(bob, hidden.id);
    const first = await list(reader.client);
    expect(first).toHaveLength(20);
    const second = await list(reader.client, `?before=${first[19]!.id}`);
    expect(second).toHaveLength(3);
    expect([...first, ...second].map((item) => item.id)).toEqual([...first, ...second].map((item) => item.id).sort((x, y) => y - x));
  });

  it("go with the account: deleting it deletes the rows addressed to its tags", async () => {
    const leaving = await signUp(t, { prefix: 'lv' });
    const hidden = await createThread(t, leaving, { isAnonymous: true });
    const post = await createReply(leaving, (await createThread(t, bob, { isAnonymous: false })).id, { isAnonymous: true });
    await createReply(bob, hidden.id);
    await createReply(carol, post.threadId as number, { replyToId: post.id });
    const tags = [await tagOfThread(hidden.id), await tagOfPost(post.id)];
    const addressed = () => t.database.db.select().from(notifications).where(sql`${notifications.recipientTag} = ANY(${sql.param(tags)}::text[])`);
    expect(await addressed()).toHaveLength(2);
    expect((await leaving.client.request('DELETE', '/api/user', { body: { password: 'password1' } })).statusCode).toBe(204);
    expect(await addressed()).toEqual([]);
  });

  it("are withdrawn with the deleted thread or post they are about", async () => {
    const thread = await createThread(t, author, { isAnonymous: true });
    const post = await createReply(author, thread.id, { isAnonymous: true });
    const reply = await createReply(bob, thread.id, { replyToId: post.id });
    expect(await rowsAbout(reply.id)).toHaveLength(1);
    expect((await bob.client.delete(`/api/posts/${reply.id}`)).statusCode).toBe(204);
    expect(await rowsAbout(reply.id)).toEqual([]);
    await createReply(carol, thread.id);
    expect((await admin.client.delete(`/api/threads/${thread.id}`)).statusCode).toBe(204);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.threadId, thread.id))).toEqual([]);
  });
});

describe('the live event', () => {
  it("reaches the author's streams on both instances as their whole unread count, by a topic that names no account", async () => {
    const reader = await signUp(t, { prefix: 'lv' });
    const other = t.client();
    expect((await other.login(reader.username)).statusCode).toBe(200);
    const named = await createThread(t, reader, { isAnonymous: false });
    const hidden = await createThread(t, reader, { isAnonymous: true });
    await createReply(bob, named.id);
    const onA = await openStream(a.base, '', { cookie: cookieOf(reader.client) });
    const onB = await openStream(b.base, '', { cookie: cookieOf(other) });
    const stranger = await openStream(b.base, `?thread=${hidden.id}`, { cookie: cookieOf(carol.client) });
    const since = (await t.database.db.execute<{ id: string }>(sql`SELECT coalesce(max(id), 0) AS id FROM event_log`)).rows[0]!.id;

    await createReply(bob, hidden.id, { isAnonymous: true });
    for (const stream of [onA, onB]) expect(await stream.next('notification')).toMatchObject({ data: '{"unread":2}' });
    // What the log keeps of it: the tag's topic, no count, and no event on the account's topic.
    const logged = await t.database.db.select().from(eventLog).where(sql`${eventLog.id} > ${since} AND ${eventLog.type} = 'notification'`);
    expect(logged.map((event) => ({ topic: event.topic, data: event.data }))).toEqual([{ topic: `tag:${await tagOfThread(hidden.id)}`, data: {} }]);
    expect(await t.database.db.select().from(eventLog).where(sql`${eventLog.id} > ${since} AND ${eventLog.topic} = ${`user:${reader.id}`}`)).toEqual([]);

    // Marking read on one client tells the other tabs, on both instances.
    expect((await other.post('/api/notifications/read', {})).statusCode).toBe(204);
    for (const stream of [onA, onB]) await stream.until(() => stream.messages.find((message) => message.event === 'notification' && message.data === '{"unread":0}'));
    expect(stranger.messages.filter((message) => message.event === 'notification')).toEqual([]);
    for (const stream of [onA, onB, stranger]) await stream.close();
  });

  it('reaches a stream opened before its author wrote in the thread, on another instance', async () => {
    const reader = await signUp(t, { prefix: 'nw' });
    const onB = await openStream(b.base, '', { cookie: cookieOf(reader.client) });
    // Written through A after B's stream listed the author's tags: B hears of the new thread.
    const thread = await createThread(t, bob, { isAnonymous: false });
    const post = await createReply(reader, thread.id, { isAnonymous: true });
    const hidden = await createThread(t, reader, { isAnonymous: true });
    // The announcements travel on the channel; give B's streams their moment to list again.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await createReply(carol, thread.id, { replyToId: post.id });
    expect(await onB.next('notification')).toMatchObject({ data: '{"unread":1}' });
    await createReply(carol, hidden.id);
    await onB.until(() => onB.messages.find((message) => message.data === '{"unread":2}'));
    await onB.close();
  });

  it('replays a missed one with the count as it is now, and gives another user nothing of it', async () => {
    const reader = await signUp(t, { prefix: 'rp' });
    const hidden = await createThread(t, reader, { isAnonymous: true });
    const first = await openStream(a.base, '', { cookie: cookieOf(reader.client) });
    const head = await first.until(() => first.lastId);
    await first.close();
    await createReply(bob, hidden.id);
    const resumed = await openStream(b.base, '', { cookie: cookieOf(reader.client), 'last-event-id': head });
    expect(await resumed.next('notification')).toMatchObject({ data: '{"unread":1}' });
    const intruder = await openStream(b.base, '', { cookie: cookieOf(carol.client), 'last-event-id': head });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(intruder.messages.filter((message) => message.event === 'notification')).toEqual([]);
    for (const stream of [resumed, intruder]) await stream.close();
  });
});
