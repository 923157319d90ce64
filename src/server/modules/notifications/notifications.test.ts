// Notifications from the outside (CONTRACT.md sections 4, 10 and 11): each type, who
// gets one and who never does, what an admin sees, withdrawal, paging, the unread
// count, and the live `notification` event on a signed-in stream.
import http from 'node:http';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { createReply, createThread, signUp, type TestUser } from '../../test/factories.js';

const t = useTestApp();

interface Item {
  id: number;
  type: string;
  threadId: number;
  postId: number | null;
  actor: { id: number; username: string } | null;
  createdAt: string;
  readAt: string | null;
}

const list = async (user: TestUser, query = '') => {
  const response = await user.client.get(`/api/notifications${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as Item[];
};
const unread = async (user: TestUser) => ((await user.client.get('/api/notifications/unread-count')).json() as { count: number }).count;
/** The user's notifications about one post (or the thread itself, postId null). */
const about = async (user: TestUser, threadId: number, postId: number | null) =>
  (await list(user)).filter((item) => item.threadId === threadId && item.postId === postId);

let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [alice, bob, carol, admin] = await Promise.all([signUp(t, { prefix: 'alice' }), signUp(t, { prefix: 'bob' }), signUp(t, { prefix: 'carol' }), signUp(t, { admin: true })]);
});

describe('who is notified', () => {
  it("tells a thread's author of a reply, naming a named replier and never an anonymous one", async () => {
    const thread = await createThread(t, alice);
    const named = await createReply(bob, thread.id, { isAnonymous: false, content: 'Signed words' });
    const anonymous = await createReply(bob, thread.id, { isAnonymous: true, content: 'Unsigned words' });
    const [first] = await about(alice, thread.id, named.id);
    expect(first).toEqual({ id: expect.any(Number), type: 'reply', threadId: thread.id, postId: named.id, actor: { id: bob.id, username: bob.username }, createdAt: expect.any(String), readAt: null });
    const [second] = await about(alice, thread.id, anonymous.id);
    expect(second).toMatchObject({ type: 'reply', actor: null });
    // Ids only: no content of any kind in the answer.
    expect(JSON.stringify(await list(alice))).not.toMatch(/Signed words|Unsigned words|A thread title/);
  });

  it("tells the parent post's author and the thread's author of a reply to a post, once each", async () => {
    const thread = await createThread(t, alice);
    const parent = await createReply(bob, thread.id);
    const reply = await createReply(carol, thread.id, { replyToId: parent.id });
    expect(await about(bob, thread.id, reply.id)).toMatchObject([{ type: 'reply' }]);
    expect(await about(alice, thread.id, reply.id)).toMatchObject([{ type: 'reply' }]);
  });

  it('tells the author of a quoted post of the same thread, and no one for a post of another thread', async () => {
    const thread = await createThread(t, alice);
    const quoted = await createReply(bob, thread.id);
    const elsewhere = await createReply(carol, (await createThread(t, alice)).id);
    const reply = await createReply(admin, thread.id, { content: `>>${quoted.id} agreed, unlike >>${elsewhere.id}` });
    expect(await about(bob, thread.id, reply.id)).toMatchObject([{ type: 'quote', actor: null }]);
    expect(await about(carol, thread.id, reply.id)).toEqual([]);
  });

  it('tells mentioned users (any letter case), not e-mail addresses, code blocks or unknown names, and at most 5 per post', async () => {
    const thread = await createThread(t, admin);
    const reply = await createReply(alice, thread.id, {
      content: `hey @${bob.username.toUpperCase()}, mail me@${carol.username} or see \`\`\`@${carol.username}\`\`\` and @nosuchuser0`,
      isAnonymous: false,
    });
    expect(await about(bob, thread.id, reply.id)).toMatchObject([{ type: 'mention', actor: { id: alice.id } }]);
    expect(await about(carol, thread.id, reply.id)).toEqual([]);

    const many = await Promise.all(Array.from({ length: 6 }, () => signUp(t, { prefix: 'm' })));
    const crowded = await createReply(alice, thread.id, { content: many.map((user) => `@${user.username}`).join(' ') });
    for (const [index, user] of many.entries()) expect(await about(user, thread.id, crowded.id)).toHaveLength(index < 5 ? 1 : 0);
  });

  it('reads mentions and quotes from the Markdown: in emphasis, quotes and spoilers yes, in code spans, fenced blocks and link text no', async () => {
    const thread = await createThread(t, admin);
    const quoted = await createReply(carol, thread.id);
    const reply = await createReply(alice, thread.id, {
      content: `> **@${bob.username}** said\n\n\`>>${quoted.id}\` and \`@${carol.username}\`\n\n\`\`\`\n@${carol.username}\n\`\`\`\n\n[@${carol.username}](https://x.test)`,
      isAnonymous: false,
    });
    expect(await about(bob, thread.id, reply.id)).toMatchObject([{ type: 'mention' }]);
    expect(await about(carol, thread.id, reply.id)).toEqual([]);
    const spoiled = await createReply(alice, thread.id, { content: `||>>${quoted.id}||`, isAnonymous: false });
    expect(await about(carol, thread.id, spoiled.id)).toMatchObject([{ type: 'quote' }]);
  });

  it('makes one notification per recipient per post: a reply beats a quote beats a mention', async () => {
    // Named, so alice is one recipient throughout (her anonymous writing's recipient is its tag: below).
    const thread = await createThread(t, alice, { isAnonymous: false });
    const parent = await createReply(alice, thread.id, { isAnonymous: false });
    const reply = await createReply(bob, thread.id, { replyToId: parent.id, content: `>>${parent.id} @${alice.username}` });
    expect(await about(alice, thread.id, reply.id)).toMatchObject([{ type: 'reply' }]);
    const quote = await createReply(carol, thread.id, { content: `>>${parent.id} @${alice.username}` });
    // The thread is alice's too: a reply to her thread still beats the quote.
    expect(await about(alice, thread.id, quote.id)).toMatchObject([{ type: 'reply' }]);
    const other = await createThread(t, carol, { isAnonymous: false });
    const theirs = await createReply(carol, other.id, { isAnonymous: false });
    const both = await createReply(bob, other.id, { content: `>>${theirs.id} and @${carol.username}` });
    expect(await about(carol, other.id, both.id)).toMatchObject([{ type: 'reply' }]);
  });

  it("tells followers of a named thread, never of an anonymous one; mentions in a thread's public part only", async () => {
    const author = await signUp(t, { premium: true });
    expect((await bob.client.post(`/api/users/${author.id}/follow`)).statusCode).toBeLessThan(300);
    const named = await createThread(t, author, { isAnonymous: false, content: `for @${carol.username} only` });
    expect(await about(bob, named.id, null)).toMatchObject([{ type: 'thread', actor: { id: author.id, username: author.username } }]);
    // A mention beats the followed user's new thread.
    expect(await about(carol, named.id, null)).toMatchObject([{ type: 'mention' }]);
    const hidden = await createThread(t, author, { isAnonymous: true, content: `again @${carol.username}` });
    expect(await about(bob, hidden.id, null)).toEqual([]);
    expect(await about(carol, hidden.id, null)).toMatchObject([{ type: 'mention', actor: null }]);
    const premium = await createThread(t, author, { isAnonymous: false, isPremium: true, content: 'Public part here', premiumContent: `paid part @${alice.username}` });
    expect(await about(alice, premium.id, null)).toEqual([]);
    expect(await about(bob, premium.id, null)).toMatchObject([{ type: 'thread' }]);
  });
});

describe('who is never notified', () => {
  it('notifies no one of their own action, an anonymous reply to their own thread included', async () => {
    const thread = await createThread(t, alice, { isAnonymous: true });
    const own = await createReply(alice, thread.id, { isAnonymous: true, content: `@${alice.username} talking to myself` });
    const ownNamed = await createReply(alice, thread.id, { isAnonymous: false, replyToId: own.id });
    expect(await about(alice, thread.id, own.id)).toEqual([]);
    expect(await about(alice, thread.id, ownNamed.id)).toEqual([]);
  });

  it('makes none for a reply that failed', async () => {
    const thread = await createThread(t, alice);
    const other = await createReply(bob, (await createThread(t, bob)).id);
    const [before, bobBefore] = [await unread(alice), await unread(bob)];
    const refused = await carol.client.post('/api/posts', { threadId: thread.id, replyToId: other.id, content: `@${alice.username} >>${other.id}` });
    expect(refused.statusCode).toBe(400);
    expect((await admin.client.patch(`/api/threads/${thread.id}/lock`, { isLocked: true })).statusCode).toBe(200);
    expect((await carol.client.post('/api/posts', { threadId: thread.id, content: `@${alice.username}` })).statusCode).toBe(403);
    expect(await unread(alice)).toBe(before);
    expect(await unread(bob)).toBe(bobBefore);
  });

  it('keeps an anonymous actor null for an admin recipient too, and stores no actor at all', async () => {
    const thread = await createThread(t, admin);
    const reply = await createReply(bob, thread.id, { isAnonymous: true });
    expect(await about(admin, thread.id, reply.id)).toMatchObject([{ type: 'reply', actor: null }]);
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.postId, reply.id));
    expect(rows.map((row) => row.actorId)).toEqual([null]);
  });

  it('uses up the same notification ids whoever wrote an anonymous reply, so no counter tells its author', async () => {
    // An observer sees its own notification ids around a write; the gap must not depend
    // on whether the anonymous replier is the thread's author (who is not notified).
    const observerThread = await createThread(t, carol);
    const ping = async () => (await about(carol, observerThread.id, (await createReply(bob, observerThread.id)).id))[0]!.id;
    const gapAround = async (write: () => Promise<unknown>) => {
      const before = await ping();
      await write();
      return (await ping()) - before;
    };
    const thread = await createThread(t, alice, { isAnonymous: false });
    const parent = await createReply(alice, thread.id, { isAnonymous: true });
    const mention = `@${alice.username}`;
    const byAuthor = await gapAround(() => createReply(alice, thread.id, { replyToId: parent.id, content: mention }));
    const bySomeoneElse = await gapAround(() => createReply(admin, thread.id, { replyToId: parent.id, content: mention }));
    expect(byAuthor).toBe(bySomeoneElse);
  });
});

describe('the routes', () => {
  it('answer 401 to visitors', async () => {
    const visitor = t.client();
    expect((await visitor.get('/api/notifications')).statusCode).toBe(401);
    expect((await visitor.get('/api/notifications/unread-count')).statusCode).toBe(401);
    expect((await visitor.post('/api/notifications/read', {})).statusCode).toBe(401);
  });

  it("never let another user read or mark someone's notifications", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const thread = await createThread(t, owner);
    await createReply(bob, thread.id);
    const [mine] = await list(owner);
    expect((await list(other)).map((item) => item.id)).not.toContain(mine!.id);
    expect((await other.client.post('/api/notifications/read', { ids: [mine!.id] })).statusCode).toBe(204);
    expect((await other.client.post('/api/notifications/read', {})).statusCode).toBe(204);
    expect(await unread(owner)).toBe(1);
    expect((await list(owner))[0]!.readAt).toBeNull();
    // The admin's "all" is the admin's own.
    expect((await admin.client.post('/api/notifications/read')).statusCode).toBe(204);
    expect(await unread(owner)).toBe(1);
  });

  it('pages newest first, 20 at a time, with before=; counts unread; marks read by ids or all', async () => {
    const owner = await signUp(t);
    const thread = await createThread(t, owner);
    for (let index = 0; index < 23; index++) await createReply(bob, thread.id, { content: `reply ${index}` });
    const first = await list(owner);
    expect(first).toHaveLength(20);
    expect(first.map((item) => item.id)).toEqual([...first.map((item) => item.id)].sort((x, y) => y - x));
    const second = await list(owner, `?before=${first[19]!.id}`);
    expect(second).toHaveLength(3);
    expect(second[0]!.id).toBeLessThan(first[19]!.id);
    expect(await list(owner, `?before=${second[2]!.id}`)).toEqual([]);
    expect((await owner.client.get('/api/notifications?before=abc')).statusCode).toBe(400);

    expect(await unread(owner)).toBe(23);
    expect((await owner.client.post('/api/notifications/read', { ids: [first[0]!.id, first[1]!.id] })).statusCode).toBe(204);
    expect(await unread(owner)).toBe(21);
    expect((await list(owner))[0]!.readAt).toEqual(expect.any(String));
    expect((await owner.client.post('/api/notifications/read', { ids: ['x'] })).statusCode).toBe(400);
    expect((await owner.client.post('/api/notifications/read', { ids: 5 })).statusCode).toBe(400);
    expect((await owner.client.post('/api/notifications/read', {})).statusCode).toBe(204);
    expect(await unread(owner)).toBe(0);
  });
});

describe('withdrawal', () => {
  it('withdraws the notifications of a deleted post and of a deleted thread', async () => {
    const thread = await createThread(t, alice);
    const reply = await createReply(bob, thread.id, { content: `@${carol.username}` });
    const kept = await createReply(bob, thread.id);
    expect(await about(carol, thread.id, reply.id)).toHaveLength(1);
    expect((await bob.client.delete(`/api/posts/${reply.id}`)).statusCode).toBe(204);
    expect(await about(carol, thread.id, reply.id)).toEqual([]);
    expect(await about(alice, thread.id, reply.id)).toEqual([]);
    expect(await about(alice, thread.id, kept.id)).toHaveLength(1);
    expect((await admin.client.delete(`/api/threads/${thread.id}`)).statusCode).toBe(204);
    expect(await about(alice, thread.id, kept.id)).toEqual([]);
  });

  it("removes a deleted account's notifications, and shows a deleted actor as null", async () => {
    const leaving = await signUp(t);
    const staying = await signUp(t);
    const theirs = await createThread(t, leaving);
    await createReply(staying, theirs.id);
    const mine = await createThread(t, staying);
    const named = await createReply(leaving, mine.id, { isAnonymous: false });
    expect((await about(staying, mine.id, named.id))[0]!.actor).toEqual({ id: leaving.id, username: leaving.username });
    const response = await leaving.client.request('DELETE', '/api/user', { body: { password: 'password1' } });
    expect(response.statusCode).toBe(204);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, leaving.id))).toEqual([]);
    expect((await about(staying, mine.id, named.id))[0]!.actor).toBeNull();
  });
});

describe('the live event', () => {
  it("reaches the recipient's signed-in stream as {unread}, and no one else's", async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const open = (user: TestUser | undefined, query = '') => {
      const cookie = user ? [...user.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') : '';
      const request = http.get(`${base}/api/events${query}`, { headers: cookie ? { cookie } : {}, agent: false });
      const seen: string[] = [];
      const ready = new Promise<void>((resolve, reject) => {
        request.once('error', reject).once('response', (response) => {
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            seen.push(chunk);
            resolve();
          });
        });
      });
      return { seen, ready, close: () => request.destroy() };
    };
    const recipient = await signUp(t);
    const thread = await createThread(t, recipient);
    const own = open(recipient);
    const visitor = open(undefined, `?thread=${thread.id}`);
    const stranger = open(carol, `?thread=${thread.id}`);
    await Promise.all([own.ready, visitor.ready, stranger.ready]);
    await createReply(bob, thread.id, { isAnonymous: true });
    const deadline = Date.now() + 3000;
    while (!own.seen.join('').includes('event: notification') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(own.seen.join('')).toMatch(/event: notification\ndata: \{"unread":1\}/);
    // The thread's watchers hear of the post, not of anyone's notification.
    while (!visitor.seen.join('').includes('event: post') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(visitor.seen.join('')).not.toContain('notification');
    expect(stranger.seen.join('')).not.toContain('notification');
    // Marking read tells the user's other tabs.
    await recipient.client.post('/api/notifications/read', {});
    while (!own.seen.join('').includes('{"unread":0}') && Date.now() < deadline + 2000) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(own.seen.join('')).toContain('data: {"unread":0}');
    for (const stream of [own, visitor, stranger]) stream.close();
  });

  it('moves the event ids a thread watcher sees alike, whoever wrote an anonymous reply', async () => {
    const base = t.app.server.address() ? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}` : await t.app.listen({ port: 0, host: '127.0.0.1' });
    const thread = await createThread(t, alice, { isAnonymous: false });
    const parent = await createReply(alice, thread.id, { isAnonymous: true });
    const request = http.get(`${base}/api/events?thread=${thread.id}`, { agent: false });
    let text = '';
    await new Promise<void>((resolve, reject) =>
      request.once('error', reject).once('response', (response) => {
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          resolve();
        });
      }),
    );
    const postIds = () => [...text.matchAll(/id: (\d+)\nevent: post\n/g)].map((match) => Number(match[1]));
    const mention = `@${alice.username}`;
    // The same public shape (thread author, parent, one mention): by its author, then by someone else.
    await createReply(alice, thread.id, { replyToId: parent.id, content: mention });
    await createReply(admin, thread.id, { replyToId: parent.id, content: mention });
    await createReply(bob, thread.id);
    const deadline = Date.now() + 3000;
    while (postIds().length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    request.destroy();
    const [first, second, third] = postIds();
    expect(second! - first!).toBe(third! - second!);
  });
});
