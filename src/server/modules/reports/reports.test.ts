import { beforeAll, describe, expect, it } from 'vitest';
import { reports } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { createReply, createThread, signUp, type TestUser } from '../../test/factories.js';

const t = useTestApp();
let admin: TestUser;
let author: TestUser;
let reporter: TestUser;
let threadId: number;
let postId: number;

beforeAll(async () => {
  [admin, author, reporter] = await Promise.all([signUp(t, { admin: true }), signUp(t), signUp(t)]);
  threadId = (await createThread(t, author, { title: 'Reported thread', content: 'x'.repeat(400) })).id;
  postId = (await createReply(author, threadId, { content: 'A reported reply' })).id;
});

const report = (user: TestUser, body: Record<string, unknown>) => user.client.post('/api/reports', { reason: 'Off topic', ...body });
const queue = async (status = 'open') => (await admin.client.get(`/api/moderation/reports?status=${status}`)).json() as { id: number }[];

describe('POST /api/reports', () => {
  it('files a report of a thread and of a post, each once while open', async () => {
    const user = await signUp(t);
    const onThread = await report(user, { threadId });
    expect(onThread.statusCode).toBe(201);
    expect(onThread.json()).toEqual({
      id: expect.any(Number),
      reason: 'Off topic',
      status: 'open',
      createdAt: expect.any(String),
      reporter: { id: user.id, username: user.username },
      target: { type: 'thread', threadId, title: 'Reported thread', excerpt: `${'x'.repeat(279)}…`, isDeleted: false },
      // The text as reported, kept while the report is open (CONTRACT.md section 14).
      reported: { title: 'Reported thread', content: 'x'.repeat(400) },
      editedSinceReport: false,
      resolvedAt: null,
      resolvedBy: null,
    });
    const onPost = await report(user, { postId: String(postId), reason: '  Rude  ' });
    expect(onPost.statusCode).toBe(201);
    expect(onPost.json()).toMatchObject({
      reason: 'Rude',
      target: { type: 'post', postId, threadId, threadTitle: 'Reported thread', excerpt: 'A reported reply', isDeleted: false },
    });

    for (const again of [await report(user, { threadId }), await report(user, { postId })]) {
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'You have already reported this' });
    }
    expect((await report(reporter, { threadId })).statusCode).toBe(201);
  });

  it('lets only one of two simultaneous duplicate reports through', async () => {
    const user = await signUp(t);
    const results = await Promise.all([report(user, { postId }), report(user, { postId }), report(user, { postId })]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('needs a signed-in user, and live content', async () => {
    expect((await t.client().post('/api/reports', { threadId, reason: 'Off topic' })).statusCode).toBe(401);
    const doomed = await createThread(t, author);
    const doomedReply = await createReply(author, doomed.id);
    const deletedReply = await createReply(author, threadId);
    await admin.client.delete(`/api/posts/${deletedReply.id}`);
    await admin.client.delete(`/api/threads/${doomed.id}`);
    const before = await t.database.db.$count(reports);
    for (const [body, message] of [
      [{ threadId: 99999999 }, 'Thread not found'],
      [{ threadId: doomed.id }, 'Thread not found'],
      [{ postId: 99999999 }, 'Post not found'],
      [{ postId: deletedReply.id }, 'Post not found'],
      [{ postId: doomedReply.id }, 'Post not found'],
    ] as const) {
      const response = await report(reporter, body);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message });
    }
    expect(await t.database.db.$count(reports)).toBe(before);
  });

  it.each([
    [{ reason: 'Spam' }, 'threadId', 'Report a thread or a post'],
    [{ threadId: 1, postId: 1, reason: 'Spam' }, 'threadId', 'Report a thread or a post'],
    [{ threadId: 'abc', reason: 'Spam' }, 'threadId', 'Report a thread or a post'],
    [{ threadId: 1 }, 'reason', 'Please give a reason'],
    [{ threadId: 1, reason: '   ' }, 'reason', 'Please give a reason'],
    [{ threadId: 1, reason: 'r'.repeat(501) }, 'reason', 'Reason must be less than 500 characters'],
  ])('refuses %j with 400 "%s: %s"', async (body, field, message) => {
    const response = await reporter.client.post('/api/reports', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: { [field]: message } });
  });

  it('accepts a 500-character reason', async () => {
    const thread = await createThread(t, author);
    expect((await report(reporter, { threadId: thread.id, reason: 'r'.repeat(500) })).statusCode).toBe(201);
  });
});

describe('the reports queue', () => {
  it('shows open reports with their content, closes them as resolved or dismissed, and logs it', async () => {
    const thread = await createThread(t, author, { title: 'Queue thread' });
    const reply = await createReply(author, thread.id, { content: 'Queue reply text' });
    const onThread = (await report(reporter, { threadId: thread.id, reason: 'Spam' })).json();
    const onPost = (await report(reporter, { postId: reply.id, reason: 'Abuse' })).json();

    const open = await queue();
    expect(open.slice(0, 2)).toEqual([onPost, onThread]);

    const resolved = await admin.client.patch(`/api/moderation/reports/${onThread.id}`, { status: 'resolved' });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({
      id: onThread.id,
      status: 'resolved',
      resolvedAt: expect.any(String),
      resolvedBy: { id: admin.id, username: admin.username },
    });
    const dismissed = await admin.client.patch(`/api/moderation/reports/${onPost.id}`, { status: 'dismissed' });
    expect(dismissed.json()).toMatchObject({ status: 'dismissed', target: { type: 'post', excerpt: 'Queue reply text' } });

    const closedAgain = await admin.client.patch(`/api/moderation/reports/${onThread.id}`, { status: 'dismissed' });
    expect(closedAgain.statusCode).toBe(409);
    expect(closedAgain.json()).toEqual({ message: 'This report is already closed' });

    expect((await queue()).map((item) => item.id)).not.toContain(onThread.id);
    expect((await queue('resolved')).map((item) => item.id)).toContain(onThread.id);
    expect((await queue('dismissed')).map((item) => item.id)).toEqual([onPost.id]);

    const log = (await admin.client.get('/api/moderation/log')).json();
    expect(log.slice(0, 2)).toMatchObject([
      { action: 'report_dismissed', targetType: 'report', targetId: String(onPost.id), admin: { id: admin.id } },
      { action: 'report_resolved', targetType: 'report', targetId: String(onThread.id), admin: { id: admin.id } },
    ]);

    // A closed report no longer blocks a new one about the same item.
    expect((await report(reporter, { threadId: thread.id, reason: 'Spam again' })).statusCode).toBe(201);
  });

  it('still shows the content of a reported post once it is deleted', async () => {
    const thread = await createThread(t, author);
    const reply = await createReply(author, thread.id, { content: 'Something nasty' });
    const filed = (await report(reporter, { postId: reply.id })).json();
    await admin.client.delete(`/api/posts/${reply.id}`);
    const listed = (await queue()).find((item) => item.id === filed.id);
    expect(listed).toMatchObject({ target: { type: 'post', excerpt: 'Something nasty', isDeleted: true } });
  });
});
