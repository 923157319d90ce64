import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { threads } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { createThread, signUp, type TestUser } from '../../test/factories.js';

const t = useTestApp();
let reader: TestUser;
let author: TestUser;

beforeAll(async () => {
  [reader, author] = await Promise.all([signUp(t), signUp(t)]);
});

describe('saved threads', () => {
  it('saves and unsaves idempotently, lists newest saved first, privately', async () => {
    const first = await createThread(t, author, { title: 'Saved first' });
    const second = await createThread(t, author, { title: 'Saved second' });
    expect((await reader.client.request('PUT', `/api/threads/${first.id}/save`)).json()).toEqual({ isSaved: true });
    expect((await reader.client.request('PUT', `/api/threads/${second.id}/save`)).json()).toEqual({ isSaved: true });
    expect((await reader.client.request('PUT', `/api/threads/${second.id}/save`)).statusCode).toBe(200);
    expect((await reader.client.get(`/api/threads/${first.id}/saved`)).json()).toEqual({ isSaved: true });
    const list = (await reader.client.get('/api/user/saved-threads')).json();
    expect(list.map((item: { id: number }) => item.id)).toEqual([second.id, first.id]);
    expect(list[0]).toMatchObject({ title: 'Saved second', savedAt: expect.any(String), userId: null });
    expect((await author.client.get('/api/user/saved-threads')).json()).toEqual([]);
    expect((await t.client().get('/api/user/saved-threads')).statusCode).toBe(401);

    expect((await reader.client.delete(`/api/threads/${first.id}/save`)).json()).toEqual({ isSaved: false });
    expect((await reader.client.get(`/api/threads/${first.id}/saved`)).json()).toEqual({ isSaved: false });
    await t.database.db.update(threads).set({ isDeleted: true }).where(eq(threads.id, second.id));
    expect((await reader.client.get('/api/user/saved-threads')).json()).toEqual([]);
  });

  it('answers 404 for an unknown thread and 401 to visitors', async () => {
    expect((await reader.client.request('PUT', '/api/threads/99999999/save')).statusCode).toBe(404);
    expect((await t.client().request('PUT', '/api/threads/1/save')).statusCode).toBe(401);
    expect((await t.client().get('/api/threads/1/saved')).json()).toEqual({ isSaved: false });
  });
});
