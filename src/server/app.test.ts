import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { createDatabase } from './db/client.js';
import { bannedIps } from './db/schema.js';
import { hashIp } from './plugins/client-ip.js';
import { createTestDatabaseUrl, testConfig, TestClient, useTestApp } from './test/app.js';

const t = useTestApp();

describe('HTTP conventions', () => {
  it('answers malformed JSON with 400 JSON, not a 500', async () => {
    const response = await t.client().post('/api/login', '{"username": "a",', { headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Request body is not valid JSON' });
  });

  it('answers a body over the limit with 413 JSON', async () => {
    const response = await t.client().post('/api/login', { username: 'a', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Request body is too large' });
  });

  it('answers a JSON array or null body with 400 and a message', async () => {
    for (const body of ['[]', 'null', '"text"']) {
      const response = await t.client().post('/api/register', body, { headers: { 'content-type': 'application/json' } });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });

  it('answers an unsupported content type with 415 JSON', async () => {
    const response = await t.client().post('/api/login', 'username=a', { headers: { 'content-type': 'text/csv' } });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Unsupported content type' });
  });

  it('takes multipart only where the contract does (threads and replies): elsewhere 415, and nothing changes', async () => {
    const client = t.client();
    const response = await client.postForm('/api/register', { username: 'form_user', password: 'secret1' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Unsupported content type' });
    expect((await client.post('/api/login', { username: 'form_user', password: 'secret1' })).statusCode).toBe(401);
  });

  it('answers unknown /api paths with 404 JSON for any method', async () => {
    const client = t.client();
    for (const response of [await client.get('/api/no-such-thing'), await client.post('/api/no-such-thing', {}), await client.delete('/api/boards')]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found' });
    }
  });

  it('lists the seven seeded boards with their icon keys', async () => {
    const boards = (await t.client().get('/api/boards')).json() as { code: string; icon: string; name: string; tags: string[] }[];
    expect(boards.map((b) => [b.code, b.icon])).toEqual([
      ['g', 'code'],
      ['tv', 'film'],
      ['mu', 'music'],
      ['v', 'gamepad'],
      ['lit', 'book'],
      ['a', 'palette'],
      ['ck', 'utensils'],
    ]);
    for (const board of boards) {
      expect(board.name.length).toBeGreaterThan(2);
      expect(board.tags.length).toBeGreaterThan(0);
    }
  });

  it('answers /healthz and /readyz while the database is up', async () => {
    expect((await t.client().get('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.client().get('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('sends a strict Content-Security-Policy and the usual security headers', async () => {
    const response = await t.client().get('/api/boards');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('compresses large responses', async () => {
    const response = await t.client().get('/api/boards', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
  });
});

describe('client IP', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const forwardedIp = '203.0.113.9';
    await t.database.db.insert(bannedIps).values({ ipHash: hashIp(testConfig().secret, forwardedIp), reason: 'proxy test' });
    const response = await t.client().post('/api/login', { username: 'nobody', password: 'pass' }, { headers: { 'x-forwarded-for': forwardedIp } });
    expect(response.statusCode).toBe(401);

    const proxied = await buildApp({ config: testConfig({ trustProxy: true }), database: t.database });
    try {
      const viaProxy = await new TestClient(proxied).post('/api/login', { username: 'nobody', password: 'pass' }, { headers: { 'x-forwarded-for': forwardedIp } });
      expect(viaProxy.statusCode).toBe(403);
      expect(viaProxy.json()).toEqual({ message: 'You are banned: proxy test', ban: { reason: 'proxy test', expiresAt: null, appealable: true } });
    } finally {
      await proxied.close();
    }
  });
});

describe('rate limits', () => {
  it('limits login attempts per client with 429 and Retry-After, and RATE_LIMIT=off lifts them', async () => {
    const limited = await buildApp({ config: testConfig({ rateLimit: true }), database: t.database });
    try {
      const client = new TestClient(limited, '192.0.2.50');
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await client.login('nobody', 'wrong')).statusCode);
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      const blocked = await client.login('nobody', 'wrong');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json().message).toMatch(/Too many requests/);
      // Another client is not affected.
      expect((await new TestClient(limited, '192.0.2.51').login('nobody', 'wrong')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
    const unlimited = t.client({ ip: '192.0.2.52' });
    for (let i = 0; i < 15; i++) expect((await unlimited.login('nobody', 'wrong')).statusCode).toBe(401);
  });
});

describe('logs', () => {
  it('contain no passwords, cookies or raw IP addresses', async () => {
    let output = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        output += String(chunk);
        done();
      },
    });
    const url = await createTestDatabaseUrl();
    const database = createDatabase(url, { warn() {} });
    const app = await buildApp({ config: testConfig({ logLevel: 'trace' }), database, logger: pino({ level: 'trace' }, sink) });
    try {
      const client = new TestClient(app, '198.51.100.23');
      await client.post('/api/register', { username: 'logcheck', password: 'very-secret-pw' });
      await client.login('logcheck', 'very-secret-pw');
      await client.post('/api/login', '{broken', { headers: { 'content-type': 'application/json' } });
      expect(output).toContain('request completed');
      expect(output).not.toContain('very-secret-pw');
      expect(output).not.toContain('198.51.100.23');
      for (const value of client.cookies.values()) expect(output).not.toContain(value);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('a request whose client goes away', () => {
  it('has its running queries cancelled in PostgreSQL', async () => {
    const url = await createTestDatabaseUrl();
    const database = createDatabase(url, { warn() {} });
    const app = await buildApp({ config: testConfig(), database });
    // A slow route added for the test only; real routes get the same plugin chain.
    app.get('/api/test-slow', async () => {
      await app.db.execute(sql`SELECT pg_sleep(20), 'hushboard-slow-marker'`);
      return { done: true };
    });
    try {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const controller = new AbortController();
      const request = fetch(`${address}/api/test-slow`, { signal: controller.signal }).catch(() => 'aborted');
      const running = async () =>
        (
          await database.db.execute<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%hushboard-slow-marker%' AND pid <> pg_backend_pid()`,
          )
        ).rows[0]!.n;
      await expect.poll(running, { timeout: 5000 }).toBe(1);
      controller.abort();
      expect(await request).toBe('aborted');
      await expect.poll(running, { timeout: 5000 }).toBe(0);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('the web app', () => {
  it('serves index.html for app routes, and 404 for missing files and API paths', async () => {
    const webRoot = mkdtempSync(path.join(os.tmpdir(), 'hushboard-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html><head><meta name="description" content="x" /><meta name="csp-nonce" content="__CSP_NONCE__" /><title>Hushboard</title></head><body></body></html>',
    );
    writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
    const app = await buildApp({ config: testConfig(), database: t.database, webRoot });
    try {
      for (const url of ['/', '/auth', '/board/g', '/no/such/page', '/index.html']) {
        const page = await app.inject(url);
        expect(page.statusCode, url).toBe(200);
        expect(page.body).toMatch(/<title>[^<]*Hushboard[^<]*<\/title>/);
        // No PUBLIC_URL: the page's URLs are the request's origin, so no shared cache keeps it (lib/site-origin.ts).
        expect(page.headers['cache-control']).toBe('private, no-cache');
        // A fresh style nonce per page, in the policy and in the page's meta tag.
        const nonce = /name="csp-nonce" content="([^"]+)"/.exec(page.body)?.[1];
        expect(nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
        expect(String(page.headers['content-security-policy'])).toContain(`style-src 'self' 'nonce-${nonce}'`);
      }
      expect((await app.inject('/board/g')).body).toContain('<title>/g/ - Technology · Hushboard</title>');
      const author = t.client();
      await author.register('metaAuthor');
      const thread = (await author.post('/api/threads', { boardId: 1, title: 'A <shared> link', content: 'What this thread is about', isAnonymous: true })).json();
      const threadPage = (await app.inject(`/thread/${thread.id}`)).body;
      expect(threadPage).toContain('<title>A &lt;shared&gt; link · /g/ · Hushboard</title>');
      expect(threadPage).toContain('<meta property="og:description" content="What this thread is about" />');
      expect(threadPage).not.toContain('metaAuthor');
      const asset = await app.inject('/assets/app-abc123.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await app.inject('/assets/app-old999.js')).statusCode).toBe(404);
      expect((await app.inject('/missing.png')).statusCode).toBe(404);
      expect((await app.inject('/api/missing')).json()).toEqual({ message: 'Not found' });
    } finally {
      await app.close();
    }
  });

  it("sends the build's Brotli or gzip copy of an asset, cached for a year, and the page uncached", async () => {
    const webRoot = mkdtempSync(path.join(os.tmpdir(), 'hushboard-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__" /><title>Hushboard</title></head><body></body></html>');
    // What scripts/precompress.mjs leaves next to each asset; the copies are marked, so
    // the test tells them from what the server would compress on the fly.
    const source = `export const greeting = ${JSON.stringify('hello '.repeat(200))};`;
    const asset = path.join(webRoot, 'assets', 'main-abc123.js');
    writeFileSync(asset, source);
    writeFileSync(`${asset}.br`, brotliCompressSync(`${source}// br`));
    writeFileSync(`${asset}.gz`, gzipSync(`${source}// gz`));
    const app = await buildApp({ config: testConfig(), database: t.database, webRoot });
    try {
      const brotli = await app.inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(`${source}// br`);
      expect(brotli.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotli.headers.vary).toMatch(/accept-encoding/i);

      const gzip = await app.inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(`${source}// gz`);
      expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      const plain = await app.inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(source);

      // The copies are sent for the asset's own name only.
      expect((await app.inject('/assets/main-abc123.js.br')).statusCode).toBe(404);
      const page = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
      expect(page.headers['cache-control']).toBe('private, no-cache');
    } finally {
      await app.close();
    }
  });
});
