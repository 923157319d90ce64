// A visitor polling an unchanged board list gets a 304 from the instance's memory (the
// list is kept until the board's list version moves: threads/visitor-pages.ts), and
// home's lists a 304 for one look-up of the list versions (boards.list_version, moved by
// a trigger on threads in the writing transaction); any change a list shows gives the new list.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { createReply, createThread, signUp } from '../../test/factories.js';
import { until } from '../../test/until.js';

const t = useTestApp();

/** The statements the app's pool runs while `work` runs (reads go through pool.query). */
async function queriesDuring(work: () => Promise<unknown>): Promise<string[]> {
  const pool = t.database.pool as unknown as { query: (...args: unknown[]) => unknown };
  const original = pool.query;
  const texts: string[] = [];
  pool.query = function (this: unknown, ...args: unknown[]) {
    const config = args[0];
    texts.push(typeof config === 'string' ? config : String((config as { text?: string }).text));
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    pool.query = original;
  }
  return texts;
}

describe('revalidating a board list', () => {
  it('answers 304 without a query while nothing changed, and the new list after any change', async () => {
    const author = await signUp(t);
    const admin = await signUp(t, { admin: true });
    const thread = await createThread(t, author, { isAnonymous: false });
    await createReply(author, thread.id, { isAnonymous: false });
    const visitor = t.client();
    const url = '/api/boards/g/threads';
    const first = await visitor.get(url);
    expect(first.statusCode).toBe(200);
    let current = String(first.headers.etag);
    expect((await visitor.get(url, { 'if-none-match': current })).statusCode).toBe(304);
    // From the kept list, once the writes above have been announced (each may drop a list read before).
    let again: Awaited<ReturnType<typeof visitor.get>> | undefined;
    const queries = await until(
      () => queriesDuring(async () => void (again = await visitor.get(url, { 'if-none-match': current }))),
      'a revalidation answered from the kept list',
      (texts) => texts.length === 0,
    ).catch(() => ['a query on every revalidation']);
    expect(again!.statusCode).toBe(304);
    expect(again!.body).toBe('');
    expect(again!.headers.etag).toBe(current);
    expect(again!.headers.vary).toMatch(/cookie/i);
    expect(queries, 'answered from the kept list').toEqual([]);

    const changes: [string, () => Promise<unknown>][] = [
      ['a new thread', () => createThread(t, author, { title: 'Another thread here' })],
      ['a reply', () => createReply(author, thread.id)],
      ['a vote', () => admin.client.post(`/api/threads/${thread.id}/vote`, { voteType: 1 })],
      ['made sticky', () => admin.client.patch(`/api/threads/${thread.id}/sticky`, { isSticky: true })],
      ["the author's new name", () => author.client.patch(`/api/users/${author.id}`, { username: `${author.username}x` })],
      ['the thread deleted', () => author.client.delete(`/api/threads/${thread.id}`)],
    ];
    for (const [what, change] of changes) {
      const done = (await change()) as { statusCode?: number };
      if (done.statusCode !== undefined) expect(done.statusCode, what).toBeLessThan(300);
      const changed = await visitor.get(url, { 'if-none-match': current });
      expect(changed.statusCode, what).toBe(200);
      expect(changed.headers.etag, what).not.toBe(current);
      current = String(changed.headers.etag);
      expect((await visitor.get(url, { 'if-none-match': current })).statusCode, what).toBe(304);
    }

    // Every page, sort and limit is its own list under the same version.
    const sorted = await visitor.get(`${url}?sort=newest&limit=5`);
    expect((await visitor.get(`${url}?sort=newest&limit=5`, { 'if-none-match': String(sorted.headers.etag) })).statusCode).toBe(304);
    const revalidateSorted = () => queriesDuring(() => visitor.get(`${url}?sort=newest&limit=5`, { 'if-none-match': String(sorted.headers.etag) }));
    expect(await until(revalidateSorted, 'a sorted revalidation answered from the kept list', (texts) => texts.length === 0).catch(() => ['a query on every revalidation'])).toEqual([]);
  });

  it("is not moved by another board's writes, and answers 404 for an unknown board", async () => {
    const author = await signUp(t);
    const boards = (await t.client().get('/api/boards')).json() as { id: number; code: string }[];
    const other = boards.find((board) => board.code !== 'g')!;
    const visitor = t.client();
    const url = `/api/boards/${other.code}/threads`;
    const etag = String((await visitor.get(url)).headers.etag);
    expect((await visitor.get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    await createThread(t, author, { title: 'Elsewhere entirely' });
    expect((await visitor.get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await visitor.get('/api/boards/nosuchboard/threads', { 'if-none-match': etag })).statusCode).toBe(404);
  });

  it("never answers a signed-in reader's revalidation from the version", async () => {
    const reader = await signUp(t);
    const visitor = t.client();
    const etag = String((await visitor.get('/api/boards/g/threads')).headers.etag);
    expect((await visitor.get('/api/boards/g/threads', { 'if-none-match': etag })).statusCode).toBe(304);
    const signedIn = await reader.client.get('/api/boards/g/threads', { 'if-none-match': etag });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
  });
});

describe("revalidating home's lists", () => {
  it('answers 304 for one read of the list versions, and reads the list again after a change on any board', async () => {
    const author = await signUp(t);
    const thread = await createThread(t, author);
    const visitor = t.client();
    for (const url of ['/api/threads/simple-recent', '/api/threads/simple-popular']) {
      let current = String((await visitor.get(url)).headers.etag);
      expect((await visitor.get(url, { 'if-none-match': current })).statusCode).toBe(304);
      let again: Awaited<ReturnType<typeof visitor.get>> | undefined;
      const queries = await queriesDuring(async () => {
        again = await visitor.get(url, { 'if-none-match': current });
      });
      expect(again!.statusCode, url).toBe(304);
      expect(queries, url).toHaveLength(1);
      expect(queries[0]).toMatch(/sum\("list_version"\) from "boards"/);
      const voter = await signUp(t);
      for (const [what, change] of [
        ['a new thread', () => createThread(t, author, { title: `New for ${url}` })],
        ['a vote', () => voter.client.post(`/api/threads/${thread.id}/vote`, { voteType: 1 })],
      ] as const) {
        await change();
        // The version moved: the list is read again (a 304 still, when what it shows is the same).
        let changed: Awaited<ReturnType<typeof visitor.get>> | undefined;
        expect(
          await queriesDuring(async () => {
            changed = await visitor.get(url, { 'if-none-match': current });
          }),
          `${url}, ${what}`,
        ).not.toHaveLength(1);
        current = String(changed!.headers.etag);
        expect(await queriesDuring(() => visitor.get(url, { 'if-none-match': current })), url).toHaveLength(1);
      }
    }
  });
});
