import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { createReply, createThread, signUp } from '../test/factories.js';

const t = useTestApp();

describe('HTTP caching of reads', () => {
  it('gives an anonymous read an ETag and answers an unchanged page 304 with no body', async () => {
    const author = await signUp(t);
    const thread = await createThread(t, author);
    const visitor = t.client();
    const first = await visitor.get(`/api/threads/${thread.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toMatch(/cookie/i);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);

    const again = await visitor.get(`/api/threads/${thread.id}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // A new reply changes the page, so the old copy no longer validates.
    await createReply(author, thread.id, { content: 'Something new' });
    const changed = await visitor.get(`/api/threads/${thread.id}`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain('Something new');
  });

  it('validates the tag the same way whether or not the copy came compressed', async () => {
    const visitor = t.client();
    const plain = await visitor.get('/api/boards');
    const gzipped = await visitor.get('/api/boards', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers.etag).toBe(plain.headers.etag);
    const revalidated = await visitor.get('/api/boards', { 'accept-encoding': 'gzip', 'if-none-match': String(plain.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
  });

  it('never tags a signed-in read, which holds fields for that viewer only', async () => {
    const reader = await signUp(t);
    const response = await reader.client.get('/api/boards');
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('never tags an error, so a 404 is not replayed once the thing exists', async () => {
    const response = await t.client().get('/api/threads/987654');
    expect(response.statusCode).toBe(404);
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers['cache-control']).toBe('private, no-store');
  });
});
