import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { boardId, createReply, createThread, signUp, type TestUser } from '../../test/factories.js';

// Uploads of its own: this file removes files, and other files may store the same picture.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hushboard-deletions-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const t = useTestApp({ config: { dataDir } });
let admin: TestUser;
let author: TestUser;
let other: TestUser;

beforeAll(async () => {
  [admin, author, other] = await Promise.all([signUp(t, { admin: true }), signUp(t), signUp(t)]);
});

/** A user's full figures as they see them: named writing counted on their row, anonymous writing through their key. */
const counts = async (user: TestUser) => {
  const { threadCount, postCount } = (await user.client.get('/api/user')).json() as { threadCount: number; postCount: number };
  return { threads: threadCount, posts: postCount };
};
const log = async () => ((await admin.client.get('/api/moderation/log')).json() as { action: string; targetId: string }[]).map((entry) => `${entry.action} ${entry.targetId}`);

let colour = 0;
/** A PNG no other test uploads. */
const picture = () =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 17, g: (colour += 7) % 256, b: 200 } } })
    .png()
    .toBuffer();

async function replyWithImage(user: TestUser, threadId: number, data: Buffer, isAnonymous = false) {
  const response = await user.client.postForm('/api/posts', { threadId: String(threadId), content: 'With a picture', isAnonymous: String(isAnonymous) }, { data, fileName: 'p.png', type: 'image/png' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; imageUrl: string; thumbnailUrl: string };
}

const status = async (url: string) => (await t.client().get(url)).statusCode;

describe('authors delete their own content (CONTRACT.md section 11)', () => {
  it('deletes their named and anonymous replies: the placeholder says the author did it, counts drop, nothing is logged', async () => {
    const thread = await createThread(t, other);
    const named = await createReply(author, thread.id, { isAnonymous: false });
    const anonymous = await createReply(author, thread.id, { isAnonymous: true });
    const before = await counts(author);

    for (const post of [named, anonymous]) {
      const response = await author.client.delete(`/api/posts/${post.id}`);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
    }
    for (const viewer of [t.client(), author.client, admin.client]) {
      const { posts } = (await viewer.get(`/api/threads/${thread.id}`)).json();
      for (const post of posts) {
        expect(post).toMatchObject({ isDeleted: true, deletedBy: 'author', content: '', userId: null, username: null, isOwn: false, posterId: null });
      }
    }
    expect(await counts(author)).toEqual({ threads: before.threads, posts: before.posts - 2 });
    expect((await author.client.delete(`/api/posts/${named.id}`)).statusCode).toBe(404);
    expect(await counts(author)).toEqual({ threads: before.threads, posts: before.posts - 2 });
    expect(await log()).toEqual([]);
  });

  it("deletes their own anonymous thread with its replies; the replies' authors are discounted too", async () => {
    const thread = await createThread(t, author, { isAnonymous: true });
    await createReply(other, thread.id, { isAnonymous: false });
    const [authorBefore, otherBefore] = await Promise.all([counts(author), counts(other)]);
    expect((await author.client.delete(`/api/threads/${thread.id}`)).statusCode).toBe(204);
    expect((await t.client().get(`/api/threads/${thread.id}`)).statusCode).toBe(404);
    expect(await counts(author)).toEqual({ threads: authorBefore.threads - 1, posts: authorBefore.posts });
    expect(await counts(other)).toEqual({ threads: otherBefore.threads, posts: otherBefore.posts - 1 });
    expect(await log()).toEqual([]);
  });

  it("refuses someone else's thread or post (403) and visitors (401), changing nothing", async () => {
    const thread = await createThread(t, author, { isAnonymous: true });
    const post = await createReply(author, thread.id, { isAnonymous: true });
    const visitor = t.client();
    expect((await visitor.delete(`/api/threads/${thread.id}`)).statusCode).toBe(401);
    expect((await visitor.delete(`/api/posts/${post.id}`)).statusCode).toBe(401);
    const threadRefused = await other.client.delete(`/api/threads/${thread.id}`);
    expect(threadRefused.statusCode).toBe(403);
    expect(threadRefused.json()).toEqual({ message: 'You can only delete your own threads' });
    const postRefused = await other.client.delete(`/api/posts/${post.id}`);
    expect(postRefused.statusCode).toBe(403);
    expect(postRefused.json()).toEqual({ message: 'You can only delete your own posts' });
    const detail = (await t.client().get(`/api/threads/${thread.id}`)).json();
    expect(detail.posts).toEqual([expect.objectContaining({ id: post.id, isDeleted: false, deletedBy: null })]);
    expect((await other.client.delete('/api/posts/99999999')).statusCode).toBe(404);
  });

  it("logs admins' deletions of others' content only: an admin deleting their own is its author", async () => {
    const thread = await createThread(t, author);
    const theirs = await createReply(author, thread.id);
    const own = await createReply(admin, thread.id);
    expect((await admin.client.delete(`/api/posts/${theirs.id}`)).statusCode).toBe(204);
    expect((await admin.client.delete(`/api/posts/${own.id}`)).statusCode).toBe(204);
    const { posts } = (await t.client().get(`/api/threads/${thread.id}`)).json();
    expect(posts.map((post: { id: number; deletedBy: string }) => [post.id, post.deletedBy])).toEqual([
      [theirs.id, 'moderator'],
      [own.id, 'author'],
    ]);
    const ownThread = await createThread(t, admin);
    expect((await admin.client.delete(`/api/threads/${ownThread.id}`)).statusCode).toBe(204);
    expect((await admin.client.delete(`/api/threads/${thread.id}`)).statusCode).toBe(204);
    expect(await log()).toEqual([`delete_thread ${thread.id}`, `delete_post ${theirs.id}`]);
  });
});

describe('images leave storage', () => {
  it("removes a deleted post's image and thumbnail, but keeps a file another live post shows", async () => {
    const thread = await createThread(t, other);
    const data = await picture();
    const first = await replyWithImage(author, thread.id, data, true);
    const second = await replyWithImage(other, thread.id, data);
    expect(second.imageUrl).toBe(first.imageUrl);
    expect(await status(first.imageUrl)).toBe(200);

    expect((await author.client.delete(`/api/posts/${first.id}`)).statusCode).toBe(204);
    expect(await status(first.imageUrl)).toBe(200);
    expect(await status(first.thumbnailUrl)).toBe(200);

    expect((await admin.client.delete(`/api/posts/${second.id}`)).statusCode).toBe(204);
    expect(await status(first.imageUrl)).toBe(404);
    expect(await status(first.thumbnailUrl)).toBe(404);
  });

  it("removes a deleted thread's image and its replies' images", async () => {
    const threadImage = await picture();
    const created = await author.client.postForm(
      '/api/threads',
      { boardId: String(await boardId(t)), title: 'Pictured thread', content: 'A thread with a picture', isAnonymous: 'true' },
      { data: threadImage, fileName: 't.png', type: 'image/png' },
    );
    expect(created.statusCode).toBe(201);
    const thread = created.json() as { id: number; imageUrl: string; thumbnailUrl: string };
    const reply = await replyWithImage(other, thread.id, await picture());
    // The same picture in a live thread elsewhere stays.
    const elsewhere = await createThread(t, other);
    const kept = await replyWithImage(other, elsewhere.id, threadImage);
    expect(kept.imageUrl).toBe(thread.imageUrl);
    expect((await author.client.delete(`/api/posts/${kept.id}`)).statusCode).toBe(403);

    expect((await author.client.delete(`/api/threads/${thread.id}`)).statusCode).toBe(204);
    expect(await status(reply.imageUrl)).toBe(404);
    expect(await status(reply.thumbnailUrl)).toBe(404);
    expect(await status(thread.imageUrl)).toBe(200);

    expect((await other.client.delete(`/api/threads/${elsewhere.id}`)).statusCode).toBe(204);
    expect(await status(thread.imageUrl)).toBe(404);
    expect(await status(thread.thumbnailUrl)).toBe(404);
  });
});
