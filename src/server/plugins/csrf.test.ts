// CONTRACT.md sections 3 and 9 together (decision 011): every response carries a CSRF
// token, yet a visitor's reads set no cookie (a CDN may cache them), and a client that
// takes the token from its first read can register, post and log in with it.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig, useTestApp } from '../test/app.js';
import { boardId, createThread, signUp, uniqueName } from '../test/factories.js';

const t = useTestApp();
const TOKEN = /^[A-Za-z0-9_-]{32}\.[A-Za-z0-9_-]{43}$/;
const CSRF_REFUSED = { message: 'Invalid or missing CSRF token' };

/** The app with a built web app of its own (an index.html and a hashed asset). */
let web: FastifyInstance;
beforeAll(async () => {
  const webRoot = mkdtempSync(path.join(os.tmpdir(), 'hushboard-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__" /><title>Hushboard</title></head><body></body></html>');
  writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
  // With PUBLIC_URL, as a board behind a CDN runs: pages and feeds then name no origin of the request's and may be kept.
  web = await buildApp({ config: testConfig({ publicUrl: 'https://board.example' }), database: t.database, webRoot });
  await web.ready();
});
afterAll(() => web?.close());

const get = (url: string, headers: Record<string, string> = {}) => web.inject({ url, headers, remoteAddress: '198.51.100.4' });
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  web.inject({ method: 'POST', url, payload: body as Record<string, unknown>, headers, remoteAddress: '198.51.100.4' });
const cookiesOf = (response: { cookies: { name: string; value: string }[] }) => Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));

describe("a visitor's reads", () => {
  it('set no cookie yet carry the token: pages, the API, an upload, a feed and a hashed asset', async () => {
    const author = await signUp(t);
    const thread = await createThread(t, author);
    const png = await sharp({ create: { width: 48, height: 32, channels: 3, background: { r: 170, g: 51, b: 51 } } }).png().toBuffer();
    const withImage = await author.client.postForm(
      '/api/threads',
      { boardId: String(await boardId(t)), title: 'With an image', content: 'See the picture', isAnonymous: 'false' },
      { data: png, fileName: 'red.png', type: 'image/png' },
    );
    expect(withImage.statusCode, withImage.body).toBe(201);
    const upload = String((withImage.json() as { imageUrl: string }).imageUrl);

    const urls = ['/', `/thread/${thread.id}`, `/api/threads/${thread.id}`, '/api/boards', '/api/boards/g/threads', upload, '/uploads/default-image.jpg', '/feeds/recent.atom', '/assets/app-abc123.js'];
    const tokens = new Set<string>();
    for (const url of urls) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['set-cookie'], `${url} set a cookie`).toBeUndefined();
      expect(String(response.headers['x-csrf-token']), url).toMatch(TOKEN);
      tokens.add(String(response.headers['x-csrf-token']));
      // Vary: Cookie only where the answer differs by cookie: the API (a signed-in reader's
      // fields, and the token the web app reads); not pages, uploads, feeds or assets.
      expect(/cookie/i.test(String(response.headers.vary ?? '')), `Vary of ${url}`).toBe(url.startsWith('/api/'));
      // Neither a new nor a returning visitor's read is private.
      expect(String(response.headers['cache-control']), url).not.toMatch(/private|no-store/);
    }
    expect(tokens.size, 'one client, one token across its reads').toBe(1);
    expect((await get('/assets/app-abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get(upload)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A returning visitor (with the CSRF cookie from an earlier login) gets no cookie either.
    const returning = cookiesOf(await post('/api/login', { username: 'nobody_here', password: 'wrong-one' }, { 'x-csrf-token': [...tokens][0]! }));
    expect(returning.hb_csrf).toBeDefined();
    for (const url of urls) expect((await get(url, { cookie: `hb_csrf=${returning.hb_csrf}` })).headers['set-cookie'], url).toBeUndefined();
  });

  it('give another client address or browser another token', async () => {
    const here = String((await get('/api/boards')).headers['x-csrf-token']);
    const elsewhere = await web.inject({ url: '/api/boards', remoteAddress: '198.51.100.5' });
    const otherBrowser = await get('/api/boards', { 'user-agent': 'Another browser' });
    expect(elsewhere.headers['x-csrf-token']).not.toBe(here);
    expect(otherBrowser.headers['x-csrf-token']).not.toBe(here);
  });
});

describe('a client that takes the token from its first read', () => {
  it('registers, posts, logs out, logs in and posts again with that one token', async () => {
    const token = String((await get('/api/boards')).headers['x-csrf-token']);
    const username = uniqueName('tok');
    const registered = await post('/api/register', { username, password: 'password1' }, { 'x-csrf-token': token });
    expect(registered.statusCode).toBe(201);
    const cookies = cookiesOf(registered);
    expect(cookies.hb_csrf, "the cookie is the token's nonce").toBe(token.split('.')[0]);
    expect(cookies.hb_session).toBeDefined();
    expect(registered.headers['x-csrf-token']).toBe(token);
    const cookie = `hb_csrf=${cookies.hb_csrf}; hb_session=${cookies.hb_session}`;

    const thread = await post('/api/threads', { boardId: await boardId(t), title: 'Posted with the first token', content: 'It works' }, { cookie, 'x-csrf-token': token });
    expect(thread.statusCode).toBe(201);
    // A signed-in read refreshes no cookie.
    expect((await get('/api/user', { cookie })).headers['set-cookie']).toBeUndefined();

    expect((await post('/api/logout', {}, { cookie, 'x-csrf-token': token })).statusCode).toBe(204);
    const login = await post('/api/login', { username, password: 'password1' }, { cookie: `hb_csrf=${cookies.hb_csrf}`, 'x-csrf-token': token });
    expect(login.statusCode).toBe(200);
    const session = cookiesOf(login).hb_session;
    const reply = await post('/api/posts', { threadId: (thread.json() as { id: number }).id, content: 'Again' }, { cookie: `hb_csrf=${cookies.hb_csrf}; hb_session=${session}`, 'x-csrf-token': token });
    expect(reply.statusCode).toBe(201);
  });

  it('works through the test client too, with the token as a multipart field', async () => {
    const author = await signUp(t);
    const form = await author.client.postForm('/api/threads', { boardId: String(await boardId(t)), title: 'A form', content: 'Sent as multipart' });
    expect(form.statusCode).toBe(201);
  });
});

describe('the check on unsafe requests', () => {
  it('refuses a request without a token, with a forged one, and with a token for another cookie', async () => {
    const token = String((await get('/api/boards')).headers['x-csrf-token']);
    expect((await post('/api/login', { username: 'x', password: 'y' })).json()).toEqual(CSRF_REFUSED);
    const forged = `${token.slice(0, 33)}${'A'.repeat(43)}`;
    const refused = await post('/api/login', { username: 'x', password: 'y' }, { 'x-csrf-token': forged });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(CSRF_REFUSED);
    expect(refused.headers['set-cookie']).toBeUndefined();
    const someoneElses = String((await web.inject({ url: '/api/boards', remoteAddress: '203.0.113.9' })).headers['x-csrf-token']);
    const withCookie = await post('/api/login', { username: 'x', password: 'y' }, { cookie: `hb_csrf=${token.split('.')[0]}`, 'x-csrf-token': someoneElses });
    expect(withCookie.statusCode).toBe(403);
  });

  it('accepts the bare mac that releases before the nonce form handed out, with its cookie', async () => {
    const token = String((await get('/api/boards')).headers['x-csrf-token']);
    const [nonce, mac] = token.split('.');
    const response = await post('/api/login', { username: 'nobody_at_all', password: 'password1' }, { cookie: `hb_csrf=${nonce}`, 'x-csrf-token': mac! });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a session cookie that comes without its CSRF cookie, whatever the token', async () => {
    const author = await signUp(t);
    const session = author.client.cookies.get('hb_session')!;
    const token = String((await get('/api/boards')).headers['x-csrf-token']);
    const response = await post('/api/threads', { boardId: await boardId(t), title: 'Forged', content: 'No' }, { cookie: `hb_session=${session}`, 'x-csrf-token': token });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(CSRF_REFUSED);
  });

  it("refuses a browser's request from another origin or site, and lets our own through", async () => {
    const token = String((await get('/api/boards')).headers['x-csrf-token']);
    const login = (headers: Record<string, string>) => post('/api/login', { username: 'nobody_at_all', password: 'password1' }, { 'x-csrf-token': token, ...headers });
    for (const headers of <Record<string, string>[]>[{ origin: 'https://evil.example' }, { origin: 'null' }, { origin: 'http://localhost:81' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }]) {
      const response = await login(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual(CSRF_REFUSED);
    }
    // inject's Host is localhost:80.
    // A browser's own HTML form post says `Origin: null` under Referrer-Policy: no-referrer; its Sec-Fetch-Site vouches for it.
    const refusedNull = await login({ origin: 'null', 'sec-fetch-site': 'cross-site' });
    expect(refusedNull.statusCode).toBe(403);
    for (const headers of <Record<string, string>[]>[
      {},
      { origin: 'http://localhost' },
      { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'same-origin' },
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
    ]) {
      expect((await login(headers)).statusCode, JSON.stringify(headers)).toBe(401);
    }
  });

  it('takes our origin from the proxy when TRUST_PROXY is set', async () => {
    const proxied = await buildApp({ config: testConfig({ trustProxy: true }), database: t.database });
    try {
      const token = String((await proxied.inject({ url: '/api/boards' })).headers['x-csrf-token']);
      const login = (origin: string) =>
        proxied.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'nobody_at_all', password: 'password1' },
          headers: { 'x-csrf-token': token, origin, 'x-forwarded-host': 'board.example', 'x-forwarded-proto': 'https' },
        });
      expect((await login('https://board.example')).statusCode).toBe(401);
      expect((await login('http://localhost')).statusCode).toBe(403);
      expect((await login('http://board.example')).statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });
});
