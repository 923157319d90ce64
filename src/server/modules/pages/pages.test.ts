// Server-rendered pages (CONTRACT.md section 12), tested from the outside: the HTML a
// visitor or a user gets, its privacy and premium rules, caching, SEO and the forms
// that post without JavaScript. The server render is dist/ssr (built here if missing).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { DatabaseUnavailableError } from '../../db/availability.js';
import { projectRoot, ssrEntryFile } from '../../lib/paths.js';
import { testConfig, TestClient, useTestApp, type TestApp } from '../../test/app.js';
import { boardId, createReply, createThread, signUp, type TestUser } from '../../test/factories.js';
import { loadPageRenderer } from './index.js';

const t = useTestApp();
/** The app with the server render, on t's database: what `npm start` serves. */
const pages = {} as TestApp;
let app: FastifyInstance;

const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta name="description" content="x" /><meta name="csp-nonce" content="__CSP_NONCE__" /><title>Hushboard</title></head>
<body><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>`;

beforeAll(async () => {
  // The API tests run before `npm run build` in `npm test`: build the server render alone.
  if (!existsSync(ssrEntryFile)) {
    const build = spawnSync('npx', ['vite', 'build', '--ssr', 'entry-server.tsx', '--logLevel', 'error'], { cwd: projectRoot, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`building the server render failed: ${build.stderr}`);
  }
  const webRoot = mkdtempSync(path.join(os.tmpdir(), 'hushboard-pages-'));
  writeFileSync(path.join(webRoot, 'index.html'), TEMPLATE);
  app = await buildApp({ config: testConfig(), database: t.database, webRoot, pageRenderer: await loadPageRenderer() });
  await app.ready();
  Object.assign(pages, { app, database: t.database, url: t.url, client: (options?: { ip?: string }) => new TestClient(app, options?.ip) });
}, 240_000);

afterAll(async () => {
  await app?.close();
});

/** The JSON state the page hydrates from. */
function stateOf(html: string): { queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] }; csrfToken: string | null } {
  const json = /<script type="application\/json" id="page-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('the page carries no state');
  return JSON.parse(json);
}

/** A multipart form post as a browser without JavaScript sends it (no X-CSRF-Token header). */
/**
 * A form posted as Chromium posts it: under our Referrer-Policy: no-referrer its Origin
 * is `null`, its Sec-Fetch-Site same-origin (the e2e no-JS register once failed on this).
 */
function postForm(client: TestClient, url: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return client.request('POST', url, { body: form, csrf: false, headers: { origin: 'null', 'sec-fetch-site': 'same-origin' } });
}

describe('reading pages rendered on the server', () => {
  let author: TestUser;
  let named: { id: number };
  let anonymous: { id: number };
  let premium: { id: number };

  beforeAll(async () => {
    author = await signUp(pages, { prefix: 'ssrauth', premium: true });
    named = await createThread(pages, author, { title: 'A named thread', content: 'Named thread body', isAnonymous: false });
    anonymous = await createThread(pages, author, { title: 'Whose thread is this', content: 'Anonymous thread body', isAnonymous: true });
    premium = await createThread(pages, author, {
      title: 'A premium thread',
      content: 'The free part',
      isAnonymous: false,
      isPremium: true,
      accessPrice: '0.01',
      accessCurrency: 'ETH',
      premiumContent: 'PREMIUMSECRET words',
    });
    await createReply(author, named.id, { content: 'A signed reply', isAnonymous: false });
    await createReply(author, named.id, { content: 'An anonymous reply', isAnonymous: true });
  });

  it('a thread page holds its title, posts and authors, "Anonymous" for anonymous ones, and its data for hydration', async () => {
    const page = await pages.client().get(`/thread/${named.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>A named thread · /g/ · Hushboard</title>');
    expect(page.body).toContain('Named thread body');
    expect(page.body).toContain('A signed reply');
    expect(page.body).toContain('An anonymous reply');
    expect(page.body).toContain(author.username);
    expect(page.body).toContain('Anonymous');
    // The same data the API answers, under the query key the thread page reads.
    const api = (await pages.client().get(`/api/threads/${named.id}`)).json();
    const query = stateOf(page.body).queries.queries.find((entry) => JSON.stringify(entry.queryKey) === JSON.stringify(['threads', 'detail', named.id]));
    expect(query?.state.data).toEqual(api);
  });

  it('a thread page shows its Markdown rendered by the server, without script (CONTRACT.md section 14)', async () => {
    const thread = await createThread(pages, author, { title: 'Markdown page', content: '**bold words** ||a spoiler|| <i>raw</i>', isAnonymous: false });
    const reply = await createReply(author, thread.id, { content: `>>${thread.id}\n>green line\n[site](javascript:alert(1)) https://example.com/x`, isAnonymous: false });
    const page = await pages.client().get(`/thread/${thread.id}`);
    expect(page.body).toContain('<strong>bold words</strong>');
    expect(page.body).toContain('<span class="md-spoiler" tabindex="0"><span class="sr-only">Spoiler: </span>a spoiler</span>');
    expect(page.body).toContain('&lt;i&gt;raw&lt;/i&gt;');
    expect(page.body).toContain('<blockquote>\n<p>green line</p>\n</blockquote>');
    expect(page.body).toContain('<a href="https://example.com/x" rel="nofollow ugc noopener noreferrer" target="_blank">https://example.com/x</a>');
    expect(page.body).not.toContain('href="javascript:');
    // The API keeps the source text beside its rendering.
    const api = (await pages.client().get(`/api/threads/${thread.id}`)).json<{ posts: Array<{ id: number; content: string; contentHtml: string }> }>();
    const answered = api.posts.find((post) => post.id === reply.id)!;
    expect(answered.content).toContain('>green line');
    expect(answered.contentHtml).toContain('<blockquote>');
  });

  it("never names an anonymous thread's author, on its page, its board or the home feeds", async () => {
    for (const url of [`/thread/${anonymous.id}`, '/board/g', '/recent']) {
      const page = await pages.client().get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('Whose thread is this');
      // The author's name appears only with their named threads: not on the anonymous thread's page at all.
      if (url.startsWith('/thread/')) expect(page.body, url).not.toContain(author.username);
    }
  });

  it('keeps premium content out of the HTML for visitors, and shows it to the author', async () => {
    for (const url of [`/thread/${premium.id}`, '/board/g', '/recent', `/users/${author.id}`]) {
      const page = await pages.client().get(url);
      expect(page.body, url).not.toContain('PREMIUMSECRET');
    }
    const visitor = await pages.client().get(`/thread/${premium.id}`);
    expect(visitor.body).toContain('The free part');
    // author.client talks to t.app; its session cookie works on the rendering app (same database and secret).
    const mine = await pages.app.inject({ url: `/thread/${premium.id}`, headers: { cookie: [...author.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') } });
    expect(mine.body).toContain('PREMIUMSECRET words');
    expect(mine.headers['cache-control']).toBe('private, no-store');
  });

  it('a board page, its catalog and its pages, and the home tabs hold their threads', async () => {
    const board = await pages.client().get('/board/g');
    expect(board.body).toContain('<title>/g/ - Technology · Hushboard</title>');
    expect(board.body).toContain('A named thread');
    expect(board.body).toMatch(/\d+ repl(y|ies)/);
    expect(board.body).toContain('href="/board/g?view=catalog"');
    expect((await pages.client().get('/board/g?view=catalog')).body).toContain('A named thread');
    expect((await pages.client().get('/popular')).statusCode).toBe(200);
    const home = await pages.client().get('/');
    expect(home.body).toContain('Technology');
  });

  it('a profile lists only named threads to visitors', async () => {
    const page = await pages.client().get(`/users/${author.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(author.username);
    expect(page.body).toContain('A named thread');
    expect(page.body).not.toContain('Whose thread is this');
  });

  it('search results, the legal pages, and a 404 for what does not exist', async () => {
    const search = await pages.client().get('/search?q=named');
    expect(search.statusCode).toBe(200);
    expect(search.body).toContain('A named thread');
    for (const url of ['/terms', '/privacy', '/guidelines']) expect((await pages.client().get(url)).statusCode, url).toBe(200);
    const missing = await pages.client().get('/no/such/page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('404');
    expect((await pages.client().get('/thread/999999')).statusCode).toBe(404);
    expect((await pages.client().get('/thread/999999')).body).toContain('Thread Not Found');
    expect((await pages.client().get('/board/nope')).statusCode).toBe(404);
  });

  it('a search the server cannot answer shows the error in the page with a 503, not a page of JSON', async () => {
    // The database away while it searches: the error the pool raises then (db/availability.ts).
    const failing = vi.spyOn(app.services.search, 'search').mockRejectedValueOnce(new DatabaseUnavailableError('frozen'));
    try {
      const page = await pages.client().get('/search?q=anything');
      expect(page.statusCode).toBe(503);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(page.body).toMatch(/<p role="alert"[^>]*>Error searching: (<!-- -->)?Service temporarily unavailable<\/p>/);
      expect(failing).toHaveBeenCalledOnce();
    } finally {
      failing.mockRestore();
    }
  });

  it("a signed-in reader's page, when their session cannot be read, is the page's error view with a 503", async () => {
    // The database away as the session is looked up: the first query of the request.
    const pool = t.database.pool as unknown as { query: (...args: unknown[]) => Promise<unknown> };
    const failing = vi.spyOn(pool, 'query').mockRejectedValueOnce(new DatabaseUnavailableError('frozen'));
    try {
      const page = await author.client.get(`/thread/${named.id}`);
      expect(page.statusCode).toBe(503);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(page.body).toContain('<div id="root"><');
      expect(failing).toHaveBeenCalledOnce();
    } finally {
      failing.mockRestore();
    }
    expect((await author.client.get(`/thread/${named.id}`)).statusCode).toBe(200);
  });

  it('sends a page compressed as the browser takes it (the not-found handler is beyond @fastify/compress)', async () => {
    const url = `/thread/${named.id}`;
    const plain = await app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['content-encoding']).toBe('br');
    // Host too: without PUBLIC_URL the page's URLs are the request's own origin (lib/site-origin.ts).
    expect(br.headers.vary).toBe('Cookie, Accept-Encoding, Host');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('A named thread');
    const gzipped = await app.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toContain('A named thread');
    // The revalidation of that compressed copy still answers 304.
    const again = await app.inject({ url, headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('tells crawlers and link previews what a page is: title, description, canonical, Open Graph, Atom', async () => {
    const page = (await pages.client().get(`/thread/${named.id}?utm=1`)).body;
    expect(page).toContain(`<link rel="canonical" href="http://localhost/thread/${named.id}" />`);
    expect(page).toContain(`<meta property="og:url" content="http://localhost/thread/${named.id}" />`);
    expect(page).toContain('<meta property="og:title" content="A named thread · /g/ · Hushboard" />');
    expect(page).toContain('<meta property="og:description" content="Named thread body" />');
    expect(page).toContain('<meta property="og:type" content="article" />');
    expect(page).toContain('<meta name="description" content="Named thread body" />');
    expect(page).toContain('type="application/atom+xml"');
    expect((await pages.client().get('/board/g')).body).toContain('href="http://localhost/feeds/boards/g.atom"');
  });

  it("a visitor's page sets no cookie and revalidates by ETag; a user's is private", async () => {
    const first = await pages.app.inject('/board/g');
    expect(first.headers['set-cookie']).toBeUndefined();
    // Without PUBLIC_URL its URLs are the request's origin: the browser keeps it, no shared cache does.
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.vary).toContain('Cookie');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await pages.app.inject({ url: '/board/g', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The nonce follows the content, so the cached copy's nonce is the one its policy names.
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    // A visitor's page carries no token: it is the same for everyone.
    expect(first.body).not.toContain('name="_csrf"');
    expect(stateOf(first.body).csrfToken).toBeNull();
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('lets crawlers read pages, not the API, and lists boards and recent threads', async () => {
    const robots = await pages.client().get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Sitemap: http://localhost/sitemap.xml');
    const author = await signUp(pages, { prefix: 'ssrmap' });
    const thread = await createThread(pages, author, { title: 'Sitemap thread', isAnonymous: true });
    const sitemap = await pages.client().get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain('<loc>http://localhost/board/g</loc>');
    expect(sitemap.body).toContain(`<loc>http://localhost/thread/${thread.id}</loc>`);
    expect(sitemap.body).not.toContain(author.username);
  });
});

describe('forms without JavaScript', () => {
  it('registers, logs in and replies with 303s, each form carrying its _csrf from the page', async () => {
    const browser = pages.client();
    const authPage = await browser.get('/auth?tab=register');
    expect(authPage.headers['cache-control']).toBe('private, no-store');
    const token = /name="_csrf" value="([^"]+)"/.exec(authPage.body)?.[1];
    expect(token).toBeTruthy();
    expect(token).toBe(authPage.headers['x-csrf-token']);

    const username = `nojs${Date.now().toString(36)}`.slice(0, 20);
    const registered = await postForm(browser, '/register', { _csrf: token!, username, password: 'secret1', confirmPassword: 'secret1' });
    expect(registered.statusCode).toBe(303);
    expect(registered.headers.location).toBe('/');
    // Signed in now: the home page names them.
    expect((await browser.get('/')).body).toContain(username);

    const thread = await createThread(pages, await signUp(pages, { prefix: 'ssrop' }), { title: 'Reply here' });
    const threadPage = await browser.get(`/thread/${thread.id}`);
    const replyToken = /name="_csrf" value="([^"]+)"/.exec(threadPage.body)?.[1];
    expect(replyToken).toBeTruthy();
    const replied = await postForm(browser, `/thread/${thread.id}/reply`, { _csrf: replyToken!, content: 'Posted without JavaScript', isAnonymous: 'on' });
    expect(replied.statusCode).toBe(303);
    expect(replied.headers.location).toMatch(new RegExp(`^/thread/${thread.id}#post-\\d+$`));
    const after = await pages.client().get(`/thread/${thread.id}`);
    expect(after.body).toContain('Posted without JavaScript');
    // Ticked: anonymous. Its author is not named to visitors.
    expect(after.body).not.toContain(username);

    const loggedIn = pages.client();
    const loginPage = await loggedIn.get('/auth');
    const loginToken = /name="_csrf" value="([^"]+)"/.exec(loginPage.body)![1]!;
    const login = await postForm(loggedIn, '/login', { _csrf: loginToken, username, password: 'secret1' });
    expect(login.statusCode).toBe(303);
    expect(login.headers.location).toBe('/');
    // A signed-in user asking for /auth goes home.
    expect((await loggedIn.get('/auth')).statusCode).toBe(303);
  });

  it('shows the form again with the API messages (400), and refuses a post without the token (403)', async () => {
    const browser = pages.client();
    const authPage = await browser.get('/auth');
    const token = /name="_csrf" value="([^"]+)"/.exec(authPage.body)![1]!;

    const short = await postForm(browser, '/register', { _csrf: token, username: 'ab', password: '1', confirmPassword: '2' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Username must be at least 3 characters');
    expect(short.body).toContain('Password must be at least 4 characters');
    expect(short.body).toContain('value="ab"');

    const wrong = await postForm(browser, '/login', { _csrf: token, username: 'nobody_here', password: 'nopenope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Invalid username or password');
    expect(wrong.body).toContain('value="nobody_here"');

    const forged = await postForm(pages.client(), '/login', { username: 'nobody_here', password: 'nopenope' });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('Invalid or missing CSRF token');

    const user = await signUp(pages, { prefix: 'ssrempty' });
    const thread = await createThread(pages, user, { title: 'Empty replies' });
    const cookie = [...user.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const threadPage = await pages.app.inject({ url: `/thread/${thread.id}`, headers: { cookie } });
    const replyToken = /name="_csrf" value="([^"]+)"/.exec(threadPage.body)![1]!;
    const form = new FormData();
    form.append('_csrf', replyToken);
    form.append('content', '   ');
    const empty = await pages.app.inject({ method: 'POST', url: `/thread/${thread.id}/reply`, headers: { cookie }, payload: form as never });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Reply cannot be empty');
  });

  it('sends a visitor who tries to reply or start a thread to the login page', async () => {
    const visitor = pages.client();
    const reply = await postForm(visitor, `/thread/1/reply`, { content: 'Hello' });
    expect(reply.statusCode).toBe(303);
    expect(reply.headers.location).toBe('/auth');
    const thread = await postForm(visitor, '/new-thread', { title: 'Hello there', content: 'Some content', boardId: String(await boardId(pages)) });
    expect(thread.statusCode).toBe(303);
    expect(thread.headers.location).toBe('/auth');
  });

  it('starts a thread from the new-thread page', async () => {
    const user = await signUp(pages, { prefix: 'ssrnew' });
    const cookie = [...user.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const page = await pages.app.inject({ url: '/new-thread?board=g', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    const token = /name="_csrf" value="([^"]+)"/.exec(page.body)![1]!;
    const form = new FormData();
    for (const [name, value] of Object.entries({ _csrf: token, boardId: String(await boardId(pages)), title: 'Made without JS', content: 'Body without JS', isAnonymous: 'on' })) form.append(name, value);
    const created = await pages.app.inject({ method: 'POST', url: '/new-thread', headers: { cookie }, payload: form as never });
    expect(created.statusCode).toBe(303);
    expect(created.headers.location).toMatch(/^\/thread\/\d+$/);
    const short = new FormData();
    for (const [name, value] of Object.entries({ _csrf: token, boardId: String(await boardId(pages)), title: 'No', content: 'x' })) short.append(name, value);
    const refused = await pages.app.inject({ method: 'POST', url: '/new-thread', headers: { cookie }, payload: short as never });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Title must be at least 3 characters');
    expect(refused.body).toContain('Content must be at least 5 characters');
  });
});
