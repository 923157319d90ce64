// Issue 28, finding 3, and its class: content that looks like a place in the page template.
// Every slot of the app's own index.html (read from it, so a new one is covered), posted as
// a thread's title and body, a reply, a username and a bio, must come back as text: the
// csp-nonce meta holds the nonce the CSP header names, the nonce appears nowhere else,
// nothing of the content was taken for a slot, and the rest of the template is intact.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileTemplate } from '../modules/pages/index.js';
import { useTestApp, type TestApp } from '../test/app.js';
import { boardId, createReply, createThread, signUp, type TestUser } from '../test/factories.js';
import { appTemplate, buildPagesApp } from './pages-app.js';

const t = useTestApp();
const template = appTemplate();

/** Every text of the template the server writes into: its slots, and any `__NAME__` placeholder. */
const slotTexts = [...new Set([...compileTemplate(template).slotTexts, ...(template.match(/__[A-Z][A-Z0-9_]*__/g) ?? [])])];

/** The template's own text between its slots, which every page must carry, in order. */
const templatePieces = (() => {
  let marked = template;
  for (const slot of slotTexts) marked = marked.split(slot).join('\u0000');
  return marked
    .split('\u0000')
    .map((piece) => piece.trim())
    .filter(Boolean);
})();

const unescapeHtml = (value: string) => value.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const count = (text: string, part: string) => text.split(part).length - 1;

/** Every string in a JSON value. */
function stringsOf(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) stringsOf(item, into);
  return into;
}

/**
 * The page is whole: one nonce, the CSP header's, in the csp-nonce meta and nowhere else;
 * one head, one title, one #root; the template's own text all there in order; and each
 * of `texts` is in the page's data (or its description) exactly as it was posted.
 */
function expectIntact(label: string, response: LightMyRequestResponse, texts: string[], options: { rendered: boolean; description?: string }) {
  expect(response.statusCode, label).toBe(200);
  const page = response.body;
  const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
  expect(nonce, `${label}: the CSP names a style nonce`).toBeTruthy();
  const metas = [...page.matchAll(/<meta name="csp-nonce" content="([^"]*)"/g)].map((match) => match[1]);
  expect(metas, `${label}: one csp-nonce meta, holding the header's nonce`).toEqual([nonce]);
  expect(count(page, nonce!), `${label}: the nonce is written once`).toBe(1);
  expect(count(page, '</head>'), `${label}: </head>`).toBe(1);
  expect(count(page, '<title>'), `${label}: <title>`).toBe(1);
  expect(count(page, '<div id="root">'), `${label}: #root`).toBe(1);
  expect(count(page, '<meta name="description"'), `${label}: description`).toBe(count(template, '<meta name="description"'));
  let at = 0;
  for (const piece of templatePieces) {
    const found = page.indexOf(piece, at);
    expect(found, `${label}: the template's ${JSON.stringify(piece.slice(0, 60))} in its place`).toBeGreaterThanOrEqual(0);
    at = found + piece.length;
  }
  const description = unescapeHtml(/<meta name="description" content="([^"]*)"/.exec(page)?.[1] ?? '');
  if (options.description !== undefined) expect(description, `${label}: the description is the text as posted`).toBe(options.description);
  if (options.rendered) {
    const state = /<script type="application\/json" id="page-state">([\s\S]*?)<\/script>/.exec(page)?.[1];
    expect(state, `${label}: the page's state`).toBeTruthy();
    const strings = stringsOf(JSON.parse(state!));
    for (const text of texts) expect(strings.some((value) => value.includes(text)), `${label}: ${JSON.stringify(text)} in the page's data as posted`).toBe(true);
  }
}

describe('content holding the page template’s slots', () => {
  let pages: TestApp;
  let shell: TestApp;
  let author: TestUser;
  /** A user named like a placeholder, when one is a valid username. */
  let named: TestUser | undefined;
  const threads: { id: number; slot: string; content: string }[] = [];
  const bio = `Bio: ${slotTexts.join(' | ')}`.slice(0, 500);

  beforeAll(async () => {
    pages = await buildPagesApp(t);
    shell = await buildPagesApp(t, {}, { render: false });
    expect(slotTexts).toContain('__CSP_NONCE__');
    author = await signUp(t, { prefix: 'slots' });
    for (const slot of slotTexts) {
      const content = `Body ${slot} end`;
      // A title holds at most 100 characters: the longer slots (the description meta) go in the body only.
      const title = slot.length <= 90 ? `T ${slot}` : `Long slot ${threads.length}`;
      const { id } = await createThread(t, author, { title, content, isAnonymous: false });
      await createReply(author, id, { content: `Reply ${slot}`, isAnonymous: false });
      threads.push({ id, slot, content });
    }
    const username = slotTexts.find((slot) => /^[A-Za-z0-9_]{3,20}$/.test(slot));
    if (username) {
      const client = t.client();
      const { id } = await client.register(username);
      named = { id, username, client };
      await createThread(t, named, { title: `By ${username}`, content: `Posted by ${username}`, isAnonymous: false });
    }
    const profile = await author.client.patch(`/api/users/${author.id}`, { bio });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(await boardId(t)).toBeGreaterThan(0);
  }, 240_000);

  afterAll(async () => {
    await pages?.app.close();
    await shell?.app.close();
  });

  it('renders each thread holding a slot, to a visitor and to its author, with its text as posted', async () => {
    for (const { id, slot, content } of threads) {
      const texts = [content, `Reply ${slot}`, ...(slot.length <= 90 ? [`T ${slot}`] : [])];
      expectIntact(`thread with ${slot}`, await pages.client().get(`/thread/${id}`), texts, { rendered: true, description: content });
      // Again: a visitor's page kept by the instance is the same whole page.
      expectIntact(`thread with ${slot}, kept`, await pages.client().get(`/thread/${id}`), texts, { rendered: true, description: content });
      // The author's own page (private, a fresh nonce) and the app shell alone (its meta from the database).
      const own = await pages.app.inject({ url: `/thread/${id}`, headers: { cookie: cookieOf(author) } });
      expect(own.headers['cache-control']).toBe('private, no-store');
      expectIntact(`thread with ${slot}, its author`, own, texts, { rendered: true, description: content });
      expectIntact(`thread with ${slot}, shell`, await shell.client().get(`/thread/${id}`), [], { rendered: false, description: content });
    }
  });

  it('renders the lists and profiles that show those titles, names and bios', async () => {
    const titles = threads.filter(({ slot }) => slot.length <= 90).map(({ slot }) => `T ${slot}`);
    const shows: Record<string, string[]> = { '/': [], '/recent': titles, '/popular': [], '/board/g': titles, [`/users/${author.id}`]: [bio, ...titles] };
    for (const [url, texts] of Object.entries(shows)) {
      expectIntact(url, await pages.client().get(url), texts, { rendered: true });
      expectIntact(`${url}, signed in`, await pages.app.inject({ url, headers: { cookie: cookieOf(author) } }), [], { rendered: true });
    }
    if (named) {
      const profile = await pages.client().get(`/users/${named.id}`);
      expectIntact(`profile of ${named.username}`, profile, [named.username], { rendered: true, description: `${named.username} on Hushboard: their threads and replies.` });
      expectIntact(`profile of ${named.username}, shell`, await shell.client().get(`/users/${named.id}`), [], { rendered: false });
    }
  });
});

/** The session cookie the test client holds, for the other apps sharing its database. */
function cookieOf(user: TestUser): string {
  return [...user.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}
