// A committed write's announcements do not depend on the request's connection
// (issue 34): a client that hangs up after its reply committed still leaves every
// recipient's `notification` event in the log, so their bells and counts move.
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryContext, RequestQueries } from '../../db/client.js';
import { eventLog, posts } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { createThread, signUp, type TestUser } from '../../test/factories.js';
import { userTopic } from '../events/index.js';
import { createPublisher } from './index.js';

const t = useTestApp();

let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [alice, bob] = await Promise.all([signUp(t, { prefix: 'alice' }), signUp(t, { prefix: 'bob' })]);
});

const notificationEvents = async (userId: number) =>
  (
    await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(eventLog)
      .where(and(eq(eventLog.topic, userTopic(userId)), eq(eventLog.type, 'notification')))
  )[0]!.n;

describe('announcing a committed write', () => {
  it('still publishes when the request it ran for was abandoned', async () => {
    const warnings: string[] = [];
    const publish = createPublisher(t.database.db, { warn: (_object, message) => warnings.push(message) });
    const before = await notificationEvents(alice.id);
    const abandoned = new RequestQueries();
    abandoned.abort();
    await queryContext.run(abandoned, () => publish({ recipients: [alice.id], tags: [], slots: 1 }));
    expect(warnings).toEqual([]);
    expect(await notificationEvents(alice.id)).toBe(before + 1);
  });

  it("gives every committed reply its recipient's event, however early the replier hangs up", async () => {
    const thread = await createThread(t, alice, { isAnonymous: false });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const before = await notificationEvents(alice.id);
    const client = bob.client;
    if (!client.csrfToken) await client.get('/api/user');
    const headers = {
      'content-type': 'application/json',
      cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      'x-csrf-token': client.csrfToken!,
      origin: address,
    };
    const reply = (content: string, signal?: AbortSignal) =>
      fetch(`${address}/api/posts`, { method: 'POST', headers, body: JSON.stringify({ threadId: thread.id, content }), ...(signal ? { signal } : {}) });
    // One whole reply first, to learn how long one takes here.
    const started = performance.now();
    expect([201, 503]).toContain((await reply('A reply heard whole')).status);
    const replyMs = Math.max(2, performance.now() - started);
    // Hang-ups spread from "before the body arrives" to "after the answer": some
    // replies never commit, some commit and are abandoned before their announcement.
    const sent = Array.from({ length: 40 }, async (_, index) => {
      const controller = new AbortController();
      const outcome = reply(`Reply ${index}`, controller.signal).then(
        (response) => response.status,
        () => 'aborted' as const,
      );
      setTimeout(() => controller.abort(), (replyMs * 1.5 * index) / 40);
      return outcome;
    });
    const outcomes = await Promise.all(sent);
    // (A 503 is the server shedding load on a busy machine: refused whole, nothing saved.)
    expect(outcomes.filter((outcome) => outcome !== 'aborted' && outcome !== 201 && outcome !== 503)).toEqual([]);
    // The server finishes what it started after the client left: wait until the
    // committed replies stop growing, then count their announcements.
    const committed = async () =>
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(posts).where(eq(posts.threadId, thread.id)))[0]!.n;
    let settled = -1;
    for (let round = 0; round < 50; round++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = await committed();
      if (now === settled) break;
      settled = now;
    }
    await expect.poll(() => notificationEvents(alice.id), { timeout: 5000 }).toBe(before + settled);
  });
});
