import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { createReply, createThread, signUp, type TestUser } from '../../test/factories.js';

const t = useTestApp();
let admin: TestUser;
let user: TestUser;
let threadId: number;
let postId: number;

beforeAll(async () => {
  [admin, user] = await Promise.all([signUp(t, { admin: true }), signUp(t)]);
  threadId = (await createThread(t, user)).id;
  postId = (await createReply(user, threadId)).id;
});

const hash = 'a'.repeat(64);

/**
 * Every admin-only endpoint with a body that would succeed for an admin. Deleting
 * threads and posts is open to their authors too: modules/deletions tests it.
 */
const endpoints = () =>
  [
    ['PATCH', `/api/threads/${threadId}/sticky`, { isSticky: true }],
    ['PATCH', `/api/threads/${threadId}/lock`, { isLocked: false }],
    ['GET', '/api/moderation/banned-ips'],
    ['POST', '/api/moderation/ban-ip', { ipHash: hash }],
    ['DELETE', `/api/moderation/ban-ip/${hash}`],
    ['GET', `/api/moderation/threads/${threadId}/ip-hashes`],
    ['PATCH', `/api/moderation/users/${user.id}`, { isActive: false }],
    ['GET', '/api/moderation/log'],
    ['GET', '/api/moderation/reports'],
    ['PATCH', '/api/moderation/reports/1', { status: 'resolved' }],
  ] as const;

describe('admin-only endpoints (CONTRACT.md section 6)', () => {
  it('answer 401 to a visitor and 403 to a user, changing nothing', async () => {
    const visitor = t.client();
    for (const [method, url, body] of endpoints()) {
      const asVisitor = await visitor.request(method, url, body ? { body } : {});
      expect(asVisitor.statusCode, `${method} ${url}`).toBe(401);
      const asUser = await user.client.request(method, url, body ? { body } : {});
      expect(asUser.statusCode, `${method} ${url}`).toBe(403);
      expect(asUser.json()).toEqual({ message: 'Admin access required' });
    }
    const thread = (await t.client().get(`/api/threads/${threadId}`)).json();
    expect(thread).toMatchObject({ isSticky: false, posts: [{ id: postId, isDeleted: false }] });
    expect((await user.client.get('/api/user')).statusCode).toBe(200);
    expect((await admin.client.get('/api/moderation/log')).json()).toEqual([]);
  });

  it.each([
    ['PATCH', '/api/threads/abc/sticky', { isSticky: true }, 'Thread not found'],
    ['PATCH', '/api/threads/99999999999/lock', { isLocked: true }, 'Thread not found'],
    ['DELETE', '/api/threads/0', undefined, 'Thread not found'],
    ['DELETE', '/api/posts/-1', undefined, 'Post not found'],
    ['DELETE', '/api/posts/99999999', undefined, 'Post not found'],
    ['DELETE', '/api/moderation/ban-ip/not-a-hash', undefined, 'This IP hash is not banned'],
    ['GET', '/api/moderation/threads/1e3/ip-hashes', undefined, 'Thread not found'],
    ['GET', '/api/moderation/threads/99999999/ip-hashes', undefined, 'Thread not found'],
    ['PATCH', '/api/moderation/users/x', { isActive: true }, 'User not found'],
    ['PATCH', '/api/moderation/users/99999999', { isActive: true }, 'User not found'],
    ['PATCH', '/api/moderation/reports/99999999', { status: 'dismissed' }, 'Report not found'],
  ] as const)('%s %s answers 404', async (method, url, body, message) => {
    const response = await admin.client.request(method, url, body ? { body } : {});
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message });
  });

  it.each([
    ['PATCH', '/api/threads/:thread/sticky', {}, 'isSticky', 'isSticky must be true or false'],
    ['PATCH', '/api/threads/:thread/lock', { isLocked: 'yes' }, 'isLocked', 'isLocked must be true or false'],
    ['PATCH', '/api/moderation/users/:user', { isActive: null }, 'isActive', 'isActive must be true or false'],
    ['PATCH', '/api/moderation/reports/1', { status: 'open' }, 'status', 'status must be resolved or dismissed'],
    ['GET', '/api/moderation/reports?status=closed', undefined, 'status', 'status must be open, resolved or dismissed'],
    ['GET', '/api/moderation/reports?before=abc', undefined, 'before', 'before must be a report id'],
    ['GET', '/api/moderation/log?before=99999999999', undefined, 'before', 'before must be a log entry id'],
  ] as const)('%s %s refuses %j with 400', async (method, path, body, field, message) => {
    const url = path.replace(':thread', String(threadId)).replace(':user', String(user.id));
    const response = await admin.client.request(method, url, body ? { body } : {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: { [field]: message } });
  });
});
