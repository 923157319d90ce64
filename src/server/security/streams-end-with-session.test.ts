// Issue 28, finding 6: an open /api/events stream carries its user's notification counts
// (CONTRACT.md section 10), so it must end with the session it was opened with, on every
// instance: whatever ends the session (logout, a new login in its browser, account
// deletion, suspension, expiry, a password change ending the others) ends its streams,
// through the events channel's NOTIFY. Two app instances share one database here: the
// session is ended on A, the stream is held by B.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createDatabase, type Database } from '../db/client.js';
import { sessions } from '../db/schema.js';
import { recordEvent } from '../modules/events/index.js';
import { deleteExpiredSessions, SESSION_COOKIE } from '../plugins/session.js';
import { createTestDatabaseUrl, TestClient, testConfig, type TestApp } from '../test/app.js';
import { signUp, type TestUser } from '../test/factories.js';
import { openStream } from '../test/sse.js';

const silent = { warn() {} };
const databases: Database[] = [];
const apps: FastifyInstance[] = [];
/** Sessions are started and ended through A (inject); streams are read from B over HTTP. */
const t = {} as TestApp;
let b: { app: FastifyInstance; base: string };

async function instance(url: string) {
  const database = createDatabase(url, silent);
  databases.push(database);
  const app = await buildApp({ config: testConfig(), database });
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, database, base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

beforeAll(async () => {
  const url = await createTestDatabaseUrl();
  const a = await instance(url);
  Object.assign(t, { app: a.app, database: a.database, url, client: () => new TestClient(a.app) });
  b = await instance(url);
});

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const database of databases) await database.close();
});

const cookieOf = (client: TestClient) => ({ cookie: `${SESSION_COOKIE}=${client.cookies.get(SESSION_COOKIE)}` });
const sessionIdOf = async (userId: number) => (await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).map((row) => row.id);
const notify = (userId: number, unread: number) => recordEvent(t.database.db, { type: 'notification', userId, unread });
const unreadCounts = (stream: Awaited<ReturnType<typeof openStream>>) =>
  stream.messages.filter((message) => message.event === 'notification').map((message) => (JSON.parse(message.data!) as { unread: number }).unread);

/** A signed-in stream on instance B that has heard one notification count, so it is known to carry them. */
async function signedInStream(user: TestUser, client = user.client) {
  const stream = await openStream(b.base, '', cookieOf(client));
  expect(stream.response.status).toBe(200);
  await stream.until(() => stream.lastId);
  await notify(user.id, 1);
  await stream.until(() => (unreadCounts(stream).includes(1) ? true : undefined));
  return stream;
}

/** The stream ended, and a count sent right after the session ended never reached it. */
async function expectEnded(stream: Awaited<ReturnType<typeof openStream>>, user: TestUser) {
  // The session's end was committed (and so announced) before this event: B hears them in that order.
  await notify(user.id, 2);
  await stream.until(() => (stream.ended ? true : undefined));
  expect(unreadCounts(stream)).not.toContain(2);
}

describe('an event stream ends with its session, on every instance', () => {
  it('after logout; the other session of the same user keeps its stream, and the browser reconnects as a visitor', async () => {
    const user = await signUp(t);
    const otherBrowser = new TestClient(t.app);
    expect((await otherBrowser.login(user.username)).statusCode).toBe(200);
    const stream = await signedInStream(user);
    const other = await signedInStream(user, otherBrowser);
    const cookie = cookieOf(user.client);

    expect((await user.client.post('/api/logout')).statusCode).toBe(204);
    await expectEnded(stream, user);
    await other.until(() => (unreadCounts(other).includes(2) ? true : undefined));
    expect(other.ended).toBe(false);
    await other.close();

    // The ended session's cookie, sent again (another tab that has not heard of the logout), is a visitor's.
    const again = await openStream(b.base, '', cookie);
    expect(again.response.status).toBe(200);
    await again.until(() => again.lastId);
    await notify(user.id, 3);
    const board = await openStream(b.base, '?board=g');
    await board.until(() => board.lastId);
    await recordEvent(t.database.db, { type: 'thread', boardCode: 'g', threadId: 1 });
    // B hears events in commit order: the board's event arriving means the count before it was heard too.
    await board.next('thread');
    expect(unreadCounts(again)).toEqual([]);
    await Promise.all([again.close(), board.close()]);
  });

  it('after a new login in the same browser (the previous session is replaced, not inherited)', async () => {
    const user = await signUp(t);
    const stream = await signedInStream(user);
    expect((await user.client.login(user.username)).statusCode).toBe(200);
    await expectEnded(stream, user);
  });

  it('after account deletion', async () => {
    const user = await signUp(t);
    const stream = await signedInStream(user);
    const deleted = await user.client.request('DELETE', '/api/user', { body: { password: 'password1' } });
    expect(deleted.statusCode).toBe(204);
    await expectEnded(stream, user);
  });

  it('after an admin suspends the account', async () => {
    const [user, admin] = await Promise.all([signUp(t), signUp(t, { admin: true })]);
    const stream = await signedInStream(user);
    expect((await admin.client.patch(`/api/moderation/users/${user.id}`, { isActive: false })).statusCode).toBe(200);
    await expectEnded(stream, user);
  });

  it('after a password change ends the other sessions: theirs end, the current one keeps its stream', async () => {
    const user = await signUp(t);
    const otherBrowser = new TestClient(t.app);
    expect((await otherBrowser.login(user.username)).statusCode).toBe(200);
    const current = await signedInStream(user);
    const other = await signedInStream(user, otherBrowser);
    const changed = await user.client.request('PUT', '/api/user/password', { body: { currentPassword: 'password1', newPassword: 'password2' } });
    expect(changed.statusCode).toBe(204);
    await expectEnded(other, user);
    await current.until(() => (unreadCounts(current).includes(2) ? true : undefined));
    expect(current.ended).toBe(false);
    await current.close();
  });

  it('after "sign out all others" from the sessions list', async () => {
    const user = await signUp(t);
    const otherBrowser = new TestClient(t.app);
    expect((await otherBrowser.login(user.username)).statusCode).toBe(200);
    const other = await signedInStream(user, otherBrowser);
    expect((await user.client.delete('/api/user/sessions')).statusCode).toBe(204);
    await expectEnded(other, user);
  });

  it('after the session expires and the job removes it', async () => {
    const user = await signUp(t);
    const stream = await signedInStream(user);
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    expect(await deleteExpiredSessions(t.database.db)).toBeGreaterThanOrEqual(1);
    await expectEnded(stream, user);
  });

  it('when the session ended while the listener was away: checked again once it reconnects', async () => {
    const user = await signUp(t);
    const stream = await signedInStream(user);
    // An end no listener heard: the row goes without a notification, then every listener of this database is cut.
    const [id] = await sessionIdOf(user.id);
    await t.database.db.delete(sessions).where(eq(sessions.id, id!));
    await t.database.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'hushboard-events' AND datname = current_database()`,
    );
    await stream.until(() => (stream.ended ? true : undefined), 5000);
    expect(unreadCounts(stream)).toEqual([1]);
  });

  it('a visitor stream and another user are untouched', async () => {
    const [user, bystander] = await Promise.all([signUp(t), signUp(t)]);
    const visitor = await openStream(b.base, '?board=g');
    await visitor.until(() => visitor.lastId);
    const theirs = await signedInStream(bystander);
    expect((await user.client.post('/api/logout')).statusCode).toBe(204);
    await notify(bystander.id, 2);
    await theirs.until(() => (unreadCounts(theirs).includes(2) ? true : undefined));
    expect([visitor.ended, theirs.ended]).toEqual([false, false]);
    await Promise.all([visitor.close(), theirs.close()]);
  });
});
