import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { posts, threads } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { createReply, createThread, signUp, type TestUser } from '../../test/factories.js';
import { createSearchService, snippetHtml } from './service.js';
import { CANDIDATES } from './strategy.js';

const t = useTestApp();
let author: TestUser;

beforeAll(async () => {
  author = await signUp(t, { premium: true });
});

const search = async (query: string, type = 'all') => {
  const response = await t.client().get(`/api/search?query=${encodeURIComponent(query)}&type=${type}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { threads: { id: number; snippet: string }[]; posts: { id: number; threadId: number; snippet: string }[] };
};

describe('GET /api/search', () => {
  it('finds a word in a thread title, a thread body and a reply', async () => {
    const inTitle = await createThread(t, author, { title: 'Zanzibar travel notes', content: 'Notes from a trip' });
    const inBody = await createThread(t, author, { title: 'Holiday ideas', content: 'Thinking about zanzibar next year' });
    const reply = await createReply(author, inBody.id, { content: 'Zanzibar is lovely in June' });
    const results = await search('zanzibar');
    expect(results.threads.map((thread) => thread.id)).toEqual([inTitle.id, inBody.id]);
    expect(results.posts.map((post) => post.id)).toEqual([reply.id]);
    expect(results.posts[0]).toMatchObject({ threadId: inBody.id, threadTitle: 'Holiday ideas' });
  });

  it('matches word forms and ranks the better match first', async () => {
    const weak = await createThread(t, author, { title: 'Kitchen chat', content: 'One mention of marmalades here' });
    const strong = await createThread(t, author, { title: 'Marmalade recipes', content: 'Marmalade, marmalade and more marmalade' });
    const ids = (await search('marmalade', 'threads')).threads.map((thread) => thread.id);
    expect(ids).toEqual([strong.id, weak.id]);
  });

  it('highlights matches in an HTML-safe snippet', async () => {
    await createThread(t, author, { title: 'Quokka facts', content: 'The <b>quokka</b> smiles & waves' });
    const [result] = (await search('quokka', 'threads')).threads;
    expect(result!.snippet).toContain('<mark>Quokka</mark>');
    expect(result!.snippet).toContain('<mark>quokka</mark>');
    expect(result!.snippet).toContain('smiles &amp; waves');
    // Only our <mark> tags survive as markup: the text's own tags are dropped or escaped.
    expect(result!.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/<|>/);
    expect(snippetHtml('a <script>\u0001x\u0002')).toBe('a &lt;script&gt;<mark>x</mark>');
  });

  it('shows a snippet as its Markdown reads, spoilers hidden, marks always paired', async () => {
    await createThread(t, author, { title: 'Numbat notes', content: 'A **bold numbat** and `code` ||the numbat secret|| [a link](https://x.test/numbat)' });
    const [result] = (await search('numbat', 'threads')).threads;
    expect(result!.snippet).toContain('<mark>Numbat</mark> notes');
    expect(result!.snippet).toContain('A bold <mark>numbat</mark> and code [spoiler] a link');
    expect(result!.snippet).not.toContain('secret');
    expect(result!.snippet).not.toContain('**');
    // A mark the text itself carried, or one whose partner is gone, never leaves a tag open.
    expect(snippetHtml('\u0002a \u0001b')).toBe('a <mark>b</mark>');
    expect(snippetHtml('||\u0001x\u0002|| \u0001y <b>\u0002')).toBe('[spoiler] <mark>y &lt;b&gt;</mark>');
    expect(snippetHtml('**\u0001x** \u0002<img src=x onerror=alert(1)>')).toBe('<mark>x </mark>&lt;img src=x onerror=alert(1)&gt;');
  });

  it('never returns deleted threads, deleted posts or posts of deleted threads', async () => {
    const gone = await createThread(t, author, { title: 'Wombat thread', content: 'wombat wombat' });
    const kept = await createThread(t, author, { title: 'Other thread', content: 'nothing here' });
    const orphan = await createReply(author, gone.id, { content: 'wombat reply in a deleted thread' });
    const deletedReply = await createReply(author, kept.id, { content: 'deleted wombat reply' });
    const liveReply = await createReply(author, kept.id, { content: 'live wombat reply' });
    await t.database.db.update(threads).set({ isDeleted: true }).where(eq(threads.id, gone.id));
    await t.database.db.update(posts).set({ isDeleted: true }).where(eq(posts.id, deletedReply.id));
    const results = await search('wombat');
    expect(results.threads).toEqual([]);
    expect(results.posts.map((post) => post.id)).toEqual([liveReply.id]);
    expect(results.posts.map((post) => post.id)).not.toContain(orphan.id);
  });

  it('never matches or returns premium content', async () => {
    await createThread(t, author, { title: 'Paid guide', content: 'Open teaser text', isPremium: true, premiumContent: 'secret axolotl method' });
    const results = await search('axolotl');
    expect(results).toEqual({ threads: [], posts: [] });
    const teaser = await search('teaser');
    expect(JSON.stringify(teaser)).not.toContain('axolotl');
  });

  it('filters by type, accepts q= and answers nothing for a word that matches nothing', async () => {
    await createThread(t, author, { title: 'Narwhal thread', content: 'about narwhals' });
    expect((await search('narwhal', 'posts')).threads).toEqual([]);
    expect((await search('narwhal', 'threads')).threads).toHaveLength(1);
    expect((await t.client().get('/api/search?q=narwhal')).json().threads).toHaveLength(1);
    expect(await search('xyzzyplugh')).toEqual({ threads: [], posts: [] });
    expect(await search('the and of')).toEqual({ threads: [], posts: [] });
    expect(await search('"unclosed quote -')).toEqual({ threads: [], posts: [] });
  });

  it('answers 400 for a query shorter than 3 non-blank characters', async () => {
    for (const query of ['', 'ab', '  a  ']) {
      const response = await t.client().get(`/api/search?query=${encodeURIComponent(query)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Please enter at least 3 characters to search');
    }
    expect((await t.client().get('/api/search')).statusCode).toBe(400);
    expect((await t.client().get('/api/search?query=abc&type=users')).statusCode).toBe(400);
  });

  it('returns at most 20 results per type', async () => {
    for (let i = 0; i < 22; i++) await createThread(t, author, { title: `Capybara number ${i}`, content: 'capybara' });
    expect((await search('capybara', 'threads')).threads).toHaveLength(20);
  });

  it('finds the same results whichever way it gathers candidates, newest first past the candidate cap', async () => {
    const gone = await createThread(t, author, { title: 'Okapi thread', content: 'okapi okapi' });
    const kept = await createThread(t, author, { title: 'Okapi sightings', content: 'one okapi' });
    for (let i = 0; i < 3; i++) await createReply(author, kept.id, { content: `okapi reply ${i}` });
    await createReply(author, gone.id, { content: 'okapi in a thread that goes' });
    await t.database.db.update(threads).set({ isDeleted: true }).where(eq(threads.id, gone.id));
    const service = createSearchService(t.database.db, t.database.pool);
    for (const query of ['okapi', 'okapi reply', 'okapi -reply', 'sightings or reply', 'xyzzyplugh']) {
      const [recent, index] = [await service.search(query, 'all', { strategy: 'recent' }), await service.search(query, 'all', { strategy: 'index' })];
      expect(recent, query).toEqual(index);
    }

    // More matches than are ranked: both take the newest ones.
    const many = await createThread(t, author, { title: 'Ibis', content: 'ibis colony' });
    const replies = [];
    for (let i = 0; i < CANDIDATES + 5; i++) replies.push(await createReply(author, many.id, { content: `ibis ${i}` }));
    const newest = new Set(replies.slice(-CANDIDATES).map((reply) => reply.id));
    for (const strategy of ['recent', 'index'] as const) {
      const { posts: found } = await service.search('ibis', 'posts', { strategy });
      expect(found).toHaveLength(20);
      expect(found.every((post) => newest.has(post.id)), strategy).toBe(true);
    }
  });
});
