// Editing and the private history (CONTRACT.md section 14), through the API: who may edit
// and read what, versions and conflicts, and everything that must follow an edit (search,
// kept pages on another instance, the server-rendered page, live events, notifications,
// reports) or go with a retraction.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { postRevisions, reports, threadRevisions } from '../../db/schema.js';
import { projectRoot, ssrEntryFile } from '../../lib/paths.js';
import { testConfig, TestClient, useTestApp } from '../../test/app.js';
import { createReply, createThread, signUp, type TestUser } from '../../test/factories.js';
import { openStream } from '../../test/sse.js';
import { until } from '../../test/until.js';
import { loadPageRenderer } from '../pages/index.js';

const t = useTestApp();
/** A second instance on the same database, with the server render: where visitors read. */
let other: FastifyInstance;
let otherBase: string;
const visitorThere = () => new TestClient(other);
let admin: TestUser;
let author: TestUser;
let stranger: TestUser;

const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="csp-nonce" content="__CSP_NONCE__" /><title>Hushboard</title></head>
<body><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>`;

beforeAll(async () => {
  if (!existsSync(ssrEntryFile)) {
    const build = spawnSync('npx', ['vite', 'build', '--ssr', 'entry-server.tsx', '--logLevel', 'error'], { cwd: projectRoot, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`building the server render failed: ${build.stderr}`);
  }
  const webRoot = mkdtempSync(path.join(os.tmpdir(), 'hushboard-editing-'));
  writeFileSync(path.join(webRoot, 'index.html'), TEMPLATE);
  other = await buildApp({ config: testConfig(), database: t.database, webRoot, pageRenderer: await loadPageRenderer() });
  await other.listen({ port: 0, host: '127.0.0.1' });
  const address = other.server.address();
  otherBase = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  await Promise.all([t.app.services.channels.ready(), other.services.channels.ready()]);
  [admin, author, stranger] = await Promise.all([signUp(t, { admin: true }), signUp(t), signUp(t)]);
}, 240_000);
afterAll(() => other?.close());

interface Edited {
  id: number;
  content: string;
  title?: string;
  version: number;
  editedAt: string | null;
  isOwn: boolean;
  userId: number | null;
  username: string | null;
}
const editPost = (user: TestUser, id: number, body: Record<string, unknown>) => user.client.patch(`/api/posts/${id}`, body);
const editThread = (user: TestUser, id: number, body: Record<string, unknown>) => user.client.patch(`/api/threads/${id}`, body);
const threadOf = async (client: TestClient, id: number) =>
  (await client.get(`/api/threads/${id}`)).json() as Edited & { posts: Edited[]; premiumContent: string | null };
const revisionRows = async (kind: 'thread' | 'post', id: number) =>
  kind === 'thread'
    ? (await t.database.db.select({ n: count() }).from(threadRevisions).where(eq(threadRevisions.threadId, id)))[0]!.n
    : (await t.database.db.select({ n: count() }).from(postRevisions).where(eq(postRevisions.postId, id)))[0]!.n;

describe('authors edit their own writing', () => {
  it('edits a named reply: 200 with the post, a new version, "edited" with its time for everyone', async () => {
    const thread = await createThread(t, stranger);
    const post = await createReply(author, thread.id, { isAnonymous: false, content: 'First words' });
    expect(post).toMatchObject({ version: 0, editedAt: null });

    const response = await editPost(author, post.id, { content: 'Better words', version: 0 });
    expect(response.statusCode, response.body).toBe(200);
    const edited = response.json() as Edited;
    expect(edited).toMatchObject({ id: post.id, content: 'Better words', version: 1, isOwn: true, userId: author.id, username: author.username });
    expect(Date.parse(edited.editedAt!)).toBeGreaterThan(Date.now() - 60_000);

    for (const viewer of [t.client(), stranger.client, admin.client]) {
      const seen = (await threadOf(viewer, thread.id)).posts.find((one) => one.id === post.id)!;
      expect(seen).toMatchObject({ content: 'Better words', version: 1, editedAt: edited.editedAt });
    }
  });

  it('edits an anonymous reply and an anonymous thread through the author tag, still naming no one', async () => {
    const thread = await createThread(t, author, { isAnonymous: true, title: 'Anonymous title', content: 'Anonymous body text' });
    const post = await createReply(author, thread.id, { isAnonymous: true, content: 'Anonymous words' });

    const reply = await editPost(author, post.id, { content: 'Anonymous, edited', version: 0 });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ content: 'Anonymous, edited', isOwn: true, userId: null, username: null, version: 1 });

    const head = await editThread(author, thread.id, { title: 'Anonymous, retitled', version: 0 });
    expect(head.statusCode, head.body).toBe(200);
    expect(head.json()).toMatchObject({ title: 'Anonymous, retitled', content: 'Anonymous body text', isOwn: true, userId: null, version: 1 });
    for (const viewer of [admin.client, t.client()]) {
      expect(await threadOf(viewer, thread.id)).toMatchObject({ title: 'Anonymous, retitled', userId: null, username: null, isOwn: false });
    }
  });

  it('refuses another user and admins alike: 403 with the contract message, nothing changed', async () => {
    const thread = await createThread(t, author, { isAnonymous: false });
    const named = await createReply(author, thread.id, { isAnonymous: false, content: 'Mine, named' });
    const anonymous = await createReply(author, thread.id, { isAnonymous: true, content: 'Mine, anonymous' });
    for (const user of [stranger, admin]) {
      for (const response of [
        await editPost(user, named.id, { content: 'Not yours', version: 0 }),
        await editPost(user, anonymous.id, { content: 'Not yours', version: 0 }),
        await editThread(user, thread.id, { content: 'Not yours either', version: 0 }),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: 'You can only edit your own posts' });
      }
    }
    const visitor = await t.client().patch(`/api/posts/${named.id}`, { content: 'Who am I', version: 0 });
    expect(visitor.statusCode).toBe(401);
    const seen = await threadOf(t.client(), thread.id);
    expect(seen.posts.map((post) => post.content)).toEqual(['Mine, named', 'Mine, anonymous']);
    expect(seen.version).toBe(0);
  });

  it('refuses edits in a locked thread with the locked message, and of deleted content with 404', async () => {
    const thread = await createThread(t, author, { isAnonymous: false });
    const post = await createReply(author, thread.id, { isAnonymous: true });
    expect((await admin.client.patch(`/api/threads/${thread.id}/lock`, { isLocked: true })).statusCode).toBe(200);
    for (const response of [await editPost(author, post.id, { content: 'Too late', version: 0 }), await editThread(author, thread.id, { content: 'Too late now', version: 0 })]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'This thread is locked. No new replies can be added.' });
    }

    const open = await createThread(t, author, { isAnonymous: true });
    const gone = await createReply(author, open.id, { isAnonymous: true });
    expect((await author.client.delete(`/api/posts/${gone.id}`)).statusCode).toBe(204);
    const deletedPost = await editPost(author, gone.id, { content: 'Back again', version: 0 });
    expect(deletedPost.statusCode).toBe(404);
    expect(deletedPost.json()).toEqual({ message: 'Post not found' });
    expect((await author.client.delete(`/api/threads/${open.id}`)).statusCode).toBe(204);
    const deletedThread = await editThread(author, open.id, { content: 'Back again', version: 0 });
    expect(deletedThread.statusCode).toBe(404);
    expect(deletedThread.json()).toEqual({ message: 'Thread not found' });
    expect((await editPost(author, 2_000_000_000, { content: 'Nobody', version: 0 })).statusCode).toBe(404);
  });

  it('answers an edit based on an older version with 409 and the current text: two tabs never overwrite each other', async () => {
    const thread = await createThread(t, stranger);
    const post = await createReply(author, thread.id, { content: 'Tab zero' });
    expect((await editPost(author, post.id, { content: 'Saved in tab one', version: 0 })).statusCode).toBe(200);

    const stale = await editPost(author, post.id, { content: 'Saved in tab two', version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: 'This was edited elsewhere', current: { id: post.id, content: 'Saved in tab one', version: 1 } });
    expect((await threadOf(t.client(), thread.id)).posts[0]!.content).toBe('Saved in tab one');

    // A vote or a reply between reading and saving is no edit: the text's version did not move.
    expect((await stranger.client.post(`/api/posts/${post.id}/vote`, { voteType: 1 })).statusCode).toBe(200);
    await createReply(stranger, thread.id);
    expect((await editPost(author, post.id, { content: 'Saved in tab two, knowingly', version: 1 })).statusCode).toBe(200);

    const own = await createThread(t, author, { title: 'Old title', content: 'Old thread body' });
    expect((await editThread(author, own.id, { content: 'New thread body', version: 0 })).statusCode).toBe(200);
    const staleThread = await editThread(author, own.id, { title: 'Other title', version: 0 });
    expect(staleThread.statusCode).toBe(409);
    expect(staleThread.json()).toMatchObject({ message: 'This was edited elsewhere', current: { title: 'Old title', content: 'New thread body', version: 1 } });
  });

  it('validates as creating does, with the same messages, and changes nothing', async () => {
    const thread = await createThread(t, author, { title: 'Valid title', content: 'Valid body' });
    const post = await createReply(author, thread.id);
    const cases: [Promise<{ statusCode: number; json(): unknown }>, Record<string, string>][] = [
      [editPost(author, post.id, { content: '   ', version: 0 }), { content: 'Reply cannot be empty' }],
      [editPost(author, post.id, { content: 'x'.repeat(2001), version: 0 }), { content: 'Reply must be less than 2000 characters' }],
      [editPost(author, post.id, { content: 'No version' }), { version: 'version must be the version the edit is based on' }],
      [editThread(author, thread.id, { title: 'ab', version: 0 }), { title: 'Title must be at least 3 characters' }],
      [editThread(author, thread.id, { title: 'x'.repeat(101), version: 0 }), { title: 'Title must be less than 100 characters' }],
      [editThread(author, thread.id, { content: 'tiny', version: 0 }), { content: 'Content must be at least 5 characters' }],
      [editThread(author, thread.id, { version: 0 }), { content: 'Change the title, the content or the premium content' }],
      [editThread(author, thread.id, { premiumContent: 'Secret', version: 0 }), { premiumContent: 'Only a premium thread has premium content' }],
    ];
    for (const [sent, errors] of cases) {
      const response = await sent;
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: Object.values(errors)[0], errors });
    }
    // Exactly the limits pass: a 100-character title, a 2000-character reply.
    expect((await editThread(author, thread.id, { title: 't'.repeat(100), version: 0 })).statusCode).toBe(200);
    expect((await editPost(author, post.id, { content: 'r'.repeat(2000), version: 0 })).statusCode).toBe(200);
  });

  it('saving the same text again is no edit: no version, no history, no "edited"', async () => {
    const thread = await createThread(t, stranger);
    const post = await createReply(author, thread.id, { content: 'Unchanged' });
    const response = await editPost(author, post.id, { content: '  Unchanged  ', version: 0 });
    expect(response.json()).toMatchObject({ version: 0, editedAt: null });
    expect(await revisionRows('post', post.id)).toBe(0);
  });

  it("edits a premium thread's premium content, which stays hidden from those without access", async () => {
    const member = await signUp(t, { premium: true });
    const thread = await createThread(t, member, { isPremium: true, accessPrice: '0.5', premiumContent: 'Old secret', isAnonymous: false });
    const response = await editThread(member, thread.id, { premiumContent: 'New secret', version: 0 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ premiumContent: 'New secret' });
    expect((await threadOf(stranger.client, thread.id)).premiumContent).toBeNull();
    expect((await threadOf(t.client(), thread.id)).premiumContent).toBeNull();
    const history = (await member.client.get(`/api/threads/${thread.id}/history`)).json() as { premiumContent?: string }[];
    expect(history).toEqual([expect.objectContaining({ premiumContent: 'Old secret' })]);
  });
});

describe('the private history', () => {
  it('lists the earlier versions newest first, to the author only: 403 for others and admins, 401 for visitors', async () => {
    const thread = await createThread(t, author, { isAnonymous: true, title: 'Title one', content: 'Body number one' });
    const first = (await editThread(author, thread.id, { content: 'Body number two', version: 0 })).json() as Edited;
    await editThread(author, thread.id, { title: 'Title three', content: 'Body number three', version: 1 });

    const response = await author.client.get(`/api/threads/${thread.id}/history`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toEqual([
      { version: 1, title: 'Title one', content: 'Body number two', editedAt: first.editedAt },
      { version: 0, title: 'Title one', content: 'Body number one', editedAt: null },
    ]);

    const post = await createReply(author, thread.id, { isAnonymous: true, content: 'Reply one' });
    await editPost(author, post.id, { content: 'Reply two', version: 0 });
    expect((await author.client.get(`/api/posts/${post.id}/history`)).json()).toEqual([{ version: 0, content: 'Reply one', editedAt: null }]);

    for (const path of [`/api/threads/${thread.id}/history`, `/api/posts/${post.id}/history`]) {
      for (const user of [admin, stranger]) {
        for (const response of [await user.client.get(path), await user.client.delete(path)]) {
          expect(response.statusCode).toBe(403);
          expect(response.json()).toEqual({ message: 'Only the author can see or erase earlier versions' });
        }
      }
      expect((await t.client().get(path)).statusCode).toBe(401);
    }
    expect(await revisionRows('post', post.id)).toBe(1);
  });

  it('retraction erases every earlier version for good (the rows are gone), keeping the current text and "edited"', async () => {
    const thread = await createThread(t, author, { isAnonymous: true, title: 'Retract me', content: 'My address is 1 Main St' });
    await editThread(author, thread.id, { content: 'No address here any more', version: 0 });
    const post = await createReply(author, thread.id, { isAnonymous: false, content: 'Call me on 555-0100' });
    await editPost(author, post.id, { content: 'No number either', version: 0 });
    await editPost(author, post.id, { content: 'Really no number', version: 1 });
    expect([await revisionRows('thread', thread.id), await revisionRows('post', post.id)]).toEqual([1, 2]);

    for (const path of [`/api/threads/${thread.id}/history`, `/api/posts/${post.id}/history`]) {
      const response = await author.client.delete(path);
      expect(response.statusCode).toBe(204);
      expect((await author.client.get(path)).json()).toEqual([]);
    }
    expect([await revisionRows('thread', thread.id), await revisionRows('post', post.id)]).toEqual([0, 0]);
    const { rows } = await t.database.pool.query(
      `SELECT count(*)::int AS n FROM thread_revisions WHERE content LIKE '%Main St%' UNION ALL SELECT count(*)::int FROM post_revisions WHERE content LIKE '%555-0100%'`,
    );
    expect(rows.map((row: { n: number }) => row.n)).toEqual([0, 0]);
    const seen = await threadOf(t.client(), thread.id);
    expect(seen).toMatchObject({ content: 'No address here any more', version: 1 });
    expect(seen.editedAt).not.toBeNull();
    expect(seen.posts[0]).toMatchObject({ content: 'Really no number', version: 2 });
  });

  it('a deleted thread or post takes its earlier versions with it', async () => {
    const thread = await createThread(t, author, { content: 'Version zero text' });
    await editThread(author, thread.id, { content: 'Version one text', version: 0 });
    const post = await createReply(author, thread.id, { content: 'Reply zero' });
    await editPost(author, post.id, { content: 'Reply one', version: 0 });
    const lone = await createReply(author, thread.id, { content: 'Lone zero' });
    await editPost(author, lone.id, { content: 'Lone one', version: 0 });

    expect((await author.client.delete(`/api/posts/${lone.id}`)).statusCode).toBe(204);
    expect(await revisionRows('post', lone.id)).toBe(0);
    expect((await author.client.get(`/api/posts/${lone.id}/history`)).statusCode).toBe(404);
    expect((await author.client.delete(`/api/threads/${thread.id}`)).statusCode).toBe(204);
    expect([await revisionRows('thread', thread.id), await revisionRows('post', post.id)]).toEqual([0, 0]);
  });
});

describe('what follows an edit', () => {
  it('search finds the new text and no longer the old', async () => {
    const thread = await createThread(t, author, { title: 'Searchable thread', content: 'Zanzibarian marmalade recipe' });
    const post = await createReply(author, thread.id, { content: 'Quixotical pangolin sighting' });
    await editThread(author, thread.id, { content: 'Borealian porridge recipe', version: 0 });
    await editPost(author, post.id, { content: 'Xylophonic narwhal sighting', version: 0 });
    const search = async (words: string) => (await t.client().get(`/api/search?query=${encodeURIComponent(words)}`)).json() as { threads: { id: number }[]; posts: { id: number }[] };
    expect((await search('Zanzibarian marmalade')).threads).toEqual([]);
    expect((await search('Borealian porridge')).threads.map((found) => found.id)).toEqual([thread.id]);
    expect((await search('Quixotical pangolin')).posts).toEqual([]);
    expect((await search('Xylophonic narwhal')).posts.map((found) => found.id)).toEqual([post.id]);
  });

  it('a page kept on another instance shows the edit, and the server-rendered page shows "edited" with a <time>', async () => {
    const thread = await createThread(t, author, { title: 'Kept page', content: 'Before the edit' });
    const post = await createReply(author, thread.id, { content: 'Reply before' });
    // Read twice on the other instance: the second answer is its kept copy.
    for (let read = 0; read < 2; read++) expect((await visitorThere().get(`/api/threads/${thread.id}`)).json()).toMatchObject({ content: 'Before the edit' });
    const html = async () => (await visitorThere().get(`/thread/${thread.id}`)).body;
    expect(await html()).not.toContain('data-edited');

    await editThread(author, thread.id, { content: 'After the edit', version: 0 });
    await editPost(author, post.id, { content: 'Reply after', version: 0 });
    await until(async () => (await visitorThere().get(`/api/threads/${thread.id}`)).json() as Edited & { posts: Edited[] }, 'the kept page to drop', (page) => page.content === 'After the edit' && page.posts[0]!.content === 'Reply after');
    const page = await html();
    expect(page).toContain('After the edit');
    expect(page).toContain('Reply after');
    expect(page).not.toContain('Before the edit');
    // Two marks, the thread's and the reply's, each "edited" with a <time> of the edit.
    expect(page.match(/data-edited/g)).toHaveLength(2);
    expect(page).toMatch(/data-edited[^>]*>edited(<!-- -->|\s)*<time datetime="\d{4}-\d\d-\d\dT/i);
  });

  it('watchers of the thread get an `update` event, on every instance', async () => {
    const thread = await createThread(t, author);
    const post = await createReply(author, thread.id, { isAnonymous: true });
    const stream = await openStream(otherBase, `?thread=${thread.id}`);
    try {
      await editPost(author, post.id, { content: 'Edited while watched', version: 0 });
      const event = await stream.next('update', 5000);
      expect(JSON.parse(event.data!)).toEqual({ threadId: thread.id });
    } finally {
      await stream.close();
    }
  });

  it('notifies the mentions and quotes an edit adds, once each: not the ones already there, not again when written anew', async () => {
    const thread = await createThread(t, stranger, { isAnonymous: false });
    const quoted = await createReply(stranger, thread.id, { isAnonymous: false, content: 'Quote me' });
    const mentioned = await signUp(t);
    const post = await createReply(author, thread.id, { isAnonymous: true, content: 'Nothing yet' });
    const about = async (user: TestUser) =>
      ((await user.client.get('/api/notifications')).json() as { type: string; postId: number | null }[]).filter((one) => one.postId === post.id).map((one) => one.type);
    expect(await about(mentioned)).toEqual([]);
    expect(await about(stranger)).toEqual(['reply']);

    await editPost(author, post.id, { content: `@${mentioned.username} and >>${quoted.id}`, version: 0 });
    expect(await about(mentioned)).toEqual(['mention']);
    // The thread's author was told of the reply already: the quote adds nothing for them.
    expect(await about(stranger)).toEqual(['reply']);

    await editPost(author, post.id, { content: 'Took it back', version: 1 });
    await editPost(author, post.id, { content: `@${mentioned.username} again`, version: 2 });
    expect(await about(mentioned)).toEqual(['mention']);

    const named = await createThread(t, author, { isAnonymous: false, content: 'A named thread body' });
    await editThread(author, named.id, { content: `Now mentioning @${mentioned.username}`, version: 0 });
    const threadNotes = ((await mentioned.client.get('/api/notifications')).json() as { type: string; threadId: number; postId: number | null }[]).filter((one) => one.threadId === named.id);
    expect(threadNotes.map((one) => [one.type, one.postId])).toEqual([['mention', null]]);
  });

  it("a named thread's new title replaces the old one in the timeline entries that quote it", async () => {
    const thread = await createThread(t, author, { isAnonymous: false, title: 'Timeline title one' });
    await createReply(stranger, thread.id, { isAnonymous: false });
    await editThread(author, thread.id, { title: 'Timeline title two', version: 0 });
    const { rows } = await t.database.pool.query(`SELECT activity_data->>'title' AS title FROM user_activities WHERE activity_data @> $1::jsonb`, [JSON.stringify({ threadId: thread.id })]);
    expect(rows.map((row: { title: string }) => row.title)).toEqual(['Timeline title two', 'Timeline title two']);
  });
});

describe('reports keep the reported text', () => {
  const reportList = async (status = 'open') =>
    (await admin.client.get(`/api/moderation/reports?status=${status}`)).json() as {
      id: number;
      target: { postId?: number; threadId: number; excerpt: string };
      reported: { title: string | null; content: string } | null;
      editedSinceReport: boolean;
    }[];

  for (const decision of ['resolved', 'dismissed'] as const) {
    it(`shows the moderator the text as reported after an edit and a retraction, and erases it when ${decision}`, async () => {
      const thread = await createThread(t, stranger, { isAnonymous: false });
      const post = await createReply(author, thread.id, { isAnonymous: true, content: 'Something abusive' });
      const filed = await stranger.client.post('/api/reports', { postId: post.id, reason: 'Abuse' });
      expect(filed.statusCode).toBe(201);
      const reportId = (filed.json() as { id: number }).id;

      await editPost(author, post.id, { content: 'Something harmless', version: 0 });
      expect((await author.client.delete(`/api/posts/${post.id}/history`)).statusCode).toBe(204);
      const open = (await reportList()).find((report) => report.id === reportId)!;
      expect(open).toMatchObject({ reported: { title: null, content: 'Something abusive' }, editedSinceReport: true, target: { excerpt: 'Something harmless' } });

      expect((await admin.client.patch(`/api/moderation/reports/${reportId}`, { status: decision })).statusCode).toBe(200);
      const closed = (await reportList(decision)).find((report) => report.id === reportId)!;
      expect(closed.reported).toBeNull();
      const [row] = await t.database.db.select({ title: reports.reportedTitle, content: reports.reportedContent }).from(reports).where(eq(reports.id, reportId));
      expect(row).toEqual({ title: null, content: null });
      const { rows } = await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM reports WHERE reported_content LIKE '%Something abusive%' AND id = ${reportId}`);
      expect(rows[0]!.n).toBe(0);
    });
  }

  it('keeps the title too for a reported thread', async () => {
    const thread = await createThread(t, author, { isAnonymous: true, title: 'Reported title', content: 'Reported body' });
    const reportId = ((await stranger.client.post('/api/reports', { threadId: thread.id, reason: 'Spam' })).json() as { id: number }).id;
    await editThread(author, thread.id, { title: 'Innocent title', content: 'Innocent body', version: 0 });
    expect((await reportList()).find((report) => report.id === reportId)).toMatchObject({ reported: { title: 'Reported title', content: 'Reported body' }, editedSinceReport: true });
  });
});
