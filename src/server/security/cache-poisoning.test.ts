// Issue 28, finding 4, and its class: a header a cache does not key on changing what a
// shared cache keeps. Against every response a cache may keep (pages, robots.txt,
// sitemap.xml, the feeds, the API's visitor reads), Host and X-Forwarded-Host/-Proto/-Port
// variations must either leave the body and the ETag as they were, or make the response
// one no shared cache keeps (private or no-store). Under TRUST_PROXY, with PUBLIC_URL and
// without (lib/site-origin.ts, docs/decisions/013-public-origin.md).
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../test/app.js';
import { createReply, createThread, signUp } from '../test/factories.js';
import { buildPagesApp } from './pages-app.js';

const t = useTestApp();
const PUBLIC_URL = 'https://board.example';
const EVIL = 'evil.example';

/** What a client (or a cache in front) may send that the cache does not key on, or keys differently. */
const VARIATIONS: Record<string, string>[] = [
  { host: EVIL },
  { host: `${EVIL}:8443` },
  { 'x-forwarded-host': EVIL },
  { 'x-forwarded-host': `${EVIL}, board.example` },
  { 'x-forwarded-host': `board.example, ${EVIL}` },
  { 'x-forwarded-host': `${EVIL}"><script>` },
  { 'x-forwarded-proto': 'https' },
  { 'x-forwarded-proto': 'http' },
  { 'x-forwarded-proto': 'javascript' },
  { 'x-forwarded-port': '8443' },
  { host: EVIL, 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'https', 'x-forwarded-port': '8443' },
];

/** Whether a shared cache (a CDN, a caching proxy) may keep this response for others. */
function sharedCacheMayKeep(response: LightMyRequestResponse): boolean {
  const cacheControl = String(response.headers['cache-control'] ?? '');
  return ![200, 203, 204, 206, 300, 301, 304, 308, 404, 405, 410, 414, 501].includes(response.statusCode) ? false : !/\b(private|no-store)\b/i.test(cacheControl);
}

const headersText = (response: LightMyRequestResponse) => Object.entries(response.headers).map(([name, value]) => `${name}: ${String(value)}`).join('\n');

describe('responses a shared cache may keep', () => {
  let configured: TestApp;
  let unset: TestApp;
  let urls: string[];

  beforeAll(async () => {
    configured = await buildPagesApp(t, { trustProxy: true, publicUrl: PUBLIC_URL });
    unset = await buildPagesApp(t, { trustProxy: true });
    const author = await signUp(t, { prefix: 'cachep' });
    const thread = await createThread(t, author, { title: 'A cached thread', content: 'Kept by a CDN', isAnonymous: false });
    await createReply(author, thread.id, { content: 'A reply', isAnonymous: false });
    urls = [
      '/',
      '/recent',
      '/popular',
      '/board/g',
      `/thread/${thread.id}`,
      `/users/${author.id}`,
      '/search?q=cached',
      '/no/such/page',
      '/robots.txt',
      '/sitemap.xml',
      '/feeds/recent.atom',
      '/feeds/boards/g.atom',
      `/feeds/users/${author.id}.atom`,
      '/api/boards',
      '/api/boards/g',
      '/api/boards/g/threads',
      `/api/threads/${thread.id}`,
      '/api/threads/simple-recent',
      '/api/threads/simple-popular',
      `/api/users/${author.id}`,
      `/api/users/${author.id}/threads`,
      '/api/search?query=cached',
      '/api/moderation/public-log',
      '/api/openapi.json',
    ];
  }, 240_000);

  afterAll(async () => {
    await configured?.app.close();
    await unset?.app.close();
  });

  /** Each URL, then each variation: kept responses must not move with the variation. */
  async function expectUnpoisoned(app: TestApp) {
    const checked: string[] = [];
    for (const url of urls) {
      const baseline = await app.app.inject({ url });
      for (const variation of VARIATIONS) {
        const label = `${url} with ${JSON.stringify(variation)}`;
        const response = await app.app.inject({ url, headers: variation });
        expect(response.statusCode, label).toBeLessThan(500);
        if (!sharedCacheMayKeep(response)) continue;
        checked.push(label);
        // Nothing the request named reaches what a cache keeps, in the body or a header.
        expect(response.body, label).not.toContain(EVIL);
        expect(headersText(response), label).not.toContain(EVIL);
        expect(response.body, label).not.toContain('javascript:');
        expect(response.body, label).not.toContain(':8443');
        // The same answer as without the variation: a page by its ETag (its HTML holds the render
        // time), anything else by its bytes.
        expect(response.statusCode, label).toBe(baseline.statusCode);
        if (baseline.headers.etag && response.headers.etag) expect(response.headers.etag, label).toBe(baseline.headers.etag);
        else expect(response.body, label).toBe(baseline.body);
        // A conditional request with the variation answers as the cache's copy says.
        if (baseline.headers.etag) {
          const again = await app.app.inject({ url, headers: { ...variation, 'if-none-match': String(baseline.headers.etag) } });
          expect(again.statusCode, `${label}, revalidated`).toBe(304);
        }
      }
    }
    return checked;
  }

  it('with PUBLIC_URL, names only that origin and keeps every answer the same whatever the request says', async () => {
    const robots = await configured.app.inject({ url: '/robots.txt', headers: { 'x-forwarded-host': EVIL } });
    expect(robots.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
    const sitemap = await configured.app.inject({ url: '/sitemap.xml', headers: { host: EVIL } });
    expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/board/g</loc>`);
    expect(sitemap.headers['cache-control']).toBe('public, max-age=300');
    const feed = await configured.app.inject({ url: '/feeds/recent.atom', headers: { 'x-forwarded-proto': 'http' } });
    expect(feed.body).toContain(`<link rel="self" href="${PUBLIC_URL}/feeds/recent.atom"/>`);
    const page = await configured.app.inject({ url: '/board/g', headers: { 'x-forwarded-host': EVIL } });
    expect(page.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/board/g" />`);
    expect(page.headers['cache-control']).toBe('no-cache');
    const checked = await expectUnpoisoned(configured);
    // Not vacuous: the pages, robots, sitemap and feeds are kept by shared caches here.
    for (const url of ['/board/g', '/robots.txt', '/sitemap.xml', '/feeds/recent.atom', '/api/boards']) {
      expect(checked.some((label) => label.startsWith(`${url} with`)), url).toBe(true);
    }
  });

  it('without PUBLIC_URL, answers with the origin the request names only where no shared cache keeps it', async () => {
    const robots = await unset.app.inject({ url: '/robots.txt', headers: { 'x-forwarded-host': EVIL } });
    // Finding 4 as reported: the forwarded host in a robots.txt kept an hour by any cache, with no Vary.
    expect(robots.body).toContain(`Sitemap: http://${EVIL}/sitemap.xml`);
    expect(robots.headers['cache-control']).toBe('private, max-age=3600');
    expect(String(robots.headers.vary)).toMatch(/X-Forwarded-Host/);
    const sitemap = await unset.app.inject({ url: '/sitemap.xml', headers: { 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'https' } });
    expect(sitemap.body).toContain(`<loc>https://${EVIL}/board/g</loc>`);
    expect(sitemap.headers['cache-control']).toBe('private, max-age=300');
    // A malformed host or scheme is never written.
    const odd = await unset.app.inject({ url: '/robots.txt', headers: { 'x-forwarded-host': `${EVIL}"><script>`, 'x-forwarded-proto': 'javascript' } });
    expect(odd.body).toContain('Sitemap: http://localhost/sitemap.xml');
    await expectUnpoisoned(unset);
  });
});
