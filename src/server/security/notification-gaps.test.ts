// A notification that is not there is a link (CONTRACT.md section 13). Whoever holds a
// dump recomputes who a reply, quote or mention should have notified from its content
// (the thread's author, the parent's, the quoted posts', the users named) and looks for
// those rows. Before this file, an author acting on their own writing in the *other*
// guise left the one row out ("no one is notified of their own action"): a signed reply
// with no `reply` row for its anonymous thread's tag said the replier wrote the thread;
// an anonymous reply with no `reply` row for its named thread's author, or an anonymous
// `@name` with no `mention` row, said which account wrote it. Now the rows are written as
// anyone else's would be, and only the reading leaves them out for their author.
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications, posts, threads } from '../db/schema.js';
import { useTestApp } from '../test/app.js';
import { createReply, createThread, signUp, type TestUser } from '../test/factories.js';

const t = useTestApp();

let author: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  [author, stranger] = await Promise.all([signUp(t, { prefix: 'author' }), signUp(t, { prefix: 'stranger' })]);
});

/** What a dump shows about one post's (or a new thread's) notifications: type and recipient, with the author named as such. */
async function rowsAbout(about: { postId: number } | { threadId: number }) {
  const rows = await t.database.db
    .select()
    .from(notifications)
    .where('postId' in about ? eq(notifications.postId, about.postId) : and(eq(notifications.threadId, about.threadId), isNull(notifications.postId)));
  return rows
    .map((row) => ({ type: row.type, to: row.userId === author.id ? 'author account' : row.recipientTag !== null ? `tag ${row.recipientTag}` : `account ${row.userId}` }))
    .sort((x, y) => `${x.type}${x.to}`.localeCompare(`${y.type}${y.to}`));
}

const tagOfThread = async (id: number) => (await t.database.db.select({ tag: threads.authorTag }).from(threads).where(eq(threads.id, id)))[0]!.tag!;
const tagOfPost = async (id: number) => (await t.database.db.select({ tag: posts.authorTag }).from(posts).where(eq(posts.id, id)))[0]!.tag!;

const shown = async (user: TestUser) => {
  const list = (await user.client.get('/api/notifications')).json() as { postId: number | null; threadId: number }[];
  const { count } = (await user.client.get('/api/notifications/unread-count')).json() as { count: number };
  return { list, count };
};

describe('a dump sees the same notification rows whoever acts', () => {
  it('a signed reply to an anonymous thread: its tag is told, by its author too', async () => {
    const thread = await createThread(t, author, { isAnonymous: true });
    const before = await shown(author);
    const own = await createReply(author, thread.id, { isAnonymous: false });
    const other = await createReply(stranger, thread.id, { isAnonymous: false });
    const tag = await tagOfThread(thread.id);
    expect(await rowsAbout({ postId: own.id })).toEqual([{ type: 'reply', to: `tag ${tag}` }]);
    expect(await rowsAbout({ postId: own.id })).toEqual(await rowsAbout({ postId: other.id }));
    // The author is shown the stranger's reply, never their own.
    const after = await shown(author);
    expect(after.list.map((item) => item.postId)).toContain(other.id);
    expect(after.list.map((item) => item.postId)).not.toContain(own.id);
    expect(after.count).toBe(before.count + 1);
  });

  it('a signed reply to an anonymous post: its tag is told, by its author too', async () => {
    const thread = await createThread(t, stranger, { isAnonymous: false });
    const parent = await createReply(author, thread.id, { isAnonymous: true });
    const own = await createReply(author, thread.id, { isAnonymous: false, replyToId: parent.id });
    const other = await createReply(stranger, thread.id, { isAnonymous: false, replyToId: parent.id });
    const tag = await tagOfPost(parent.id);
    expect(await rowsAbout({ postId: own.id })).toContainEqual({ type: 'reply', to: `tag ${tag}` });
    // The stranger is the thread's author, so is not told of their own reply; the author is.
    expect((await rowsAbout({ postId: own.id })).filter((row) => row.to === `tag ${tag}`)).toEqual(
      (await rowsAbout({ postId: other.id })).filter((row) => row.to === `tag ${tag}`),
    );
    expect((await shown(author)).list.map((item) => item.postId)).not.toContain(own.id);
  });

  it("an anonymous reply to its author's named thread: the account is told, as for anyone's", async () => {
    const thread = await createThread(t, author, { isAnonymous: false });
    const before = await shown(author);
    const own = await createReply(author, thread.id, { isAnonymous: true });
    const other = await createReply(stranger, thread.id, { isAnonymous: true });
    expect(await rowsAbout({ postId: own.id })).toEqual([{ type: 'reply', to: 'author account' }]);
    expect(await rowsAbout({ postId: own.id })).toEqual(await rowsAbout({ postId: other.id }));
    const after = await shown(author);
    expect(after.list.map((item) => item.postId)).not.toContain(own.id);
    expect(after.count).toBe(before.count + 1);
  });

  it("an anonymous quote of its author's named post, and an anonymous mention of their name", async () => {
    const thread = await createThread(t, stranger, { isAnonymous: false });
    const named = await createReply(author, thread.id, { isAnonymous: false });
    const content = `>>${named.id} and @${author.username}`;
    const own = await createReply(author, thread.id, { isAnonymous: true, content });
    const other = await createReply(stranger, thread.id, { isAnonymous: true, content });
    expect(await rowsAbout({ postId: own.id })).toContainEqual({ type: 'quote', to: 'author account' });
    expect((await rowsAbout({ postId: own.id })).filter((row) => row.to === 'author account')).toEqual(
      (await rowsAbout({ postId: other.id })).filter((row) => row.to === 'author account'),
    );
    expect((await shown(author)).list.map((item) => item.postId)).not.toContain(own.id);
  });

  it('an anonymous thread naming its author: the mention is written, and not shown to them', async () => {
    const content = `Hello @${author.username}`;
    const own = await createThread(t, author, { isAnonymous: true, content });
    const other = await createThread(t, stranger, { isAnonymous: true, content });
    expect(await rowsAbout({ threadId: own.id })).toEqual([{ type: 'mention', to: 'author account' }]);
    expect(await rowsAbout({ threadId: own.id })).toEqual(await rowsAbout({ threadId: other.id }));
    const { list } = await shown(author);
    expect(list.filter((item) => item.postId === null).map((item) => item.threadId)).toEqual(expect.arrayContaining([other.id]));
    expect(list.filter((item) => item.postId === null).map((item) => item.threadId)).not.toContain(own.id);
  });

  it('in one guise nothing changes: a named author is not told of their named reply, nor a tag of its own', async () => {
    const named = await createThread(t, author, { isAnonymous: false });
    const signed = await createReply(author, named.id, { isAnonymous: false });
    expect(await rowsAbout({ postId: signed.id })).toEqual([]);
    const anonymous = await createThread(t, author, { isAnonymous: true });
    const unsigned = await createReply(author, anonymous.id, { isAnonymous: true });
    expect(await rowsAbout({ postId: unsigned.id })).toEqual([]);
  });
});
