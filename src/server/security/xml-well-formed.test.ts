// Issue 28, finding 8, and its class: every XML document the server writes (the Atom
// feeds, the sitemap) stays well formed whatever characters the content holds. Each class
// of character XML 1.0 forbids goes in through the API where it can (C0 controls,
// U+FFFE, U+FFFF; a lone surrogate is mended to U+FFFD on input and a NUL refused), and
// straight into the database where no form would put it (a username, a board's name,
// description and code). The output is checked against XML 1.0's Char production and
// parsed by a strict parser.
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { boards, users } from '../db/schema.js';
import { wellFormedXml } from '../lib/xml.js';
import { useTestApp } from '../test/app.js';
import { createThread, signUp, type TestUser } from '../test/factories.js';

const t = useTestApp();

/** sax (already in node_modules, through feed's xml-js) in strict mode: any ill-formed markup is an error. */
interface SaxParser {
  onerror: (error: Error) => void;
  write(text: string): SaxParser;
  close(): SaxParser;
  resume(): SaxParser;
}
const sax = createRequire(import.meta.url)('sax') as { parser(strict: boolean): SaxParser };

/** XML 1.0's Char production (https://www.w3.org/TR/xml/#charsets), over code points. */
const XML_CHARS = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;

/** One of each class XML 1.0 forbids. */
const FORBIDDEN: Record<string, string> = {
  ...Object.fromEntries(
    Array.from({ length: 32 }, (_, code) => code)
      .filter((code) => code !== 0x09 && code !== 0x0a && code !== 0x0d)
      .map((code) => [`U+${code.toString(16).padStart(4, '0').toUpperCase()}`, String.fromCharCode(code)]),
  ),
  'lone high surrogate': '\uD800',
  'lone low surrogate': '\uDFFF',
  'U+FFFE': '\uFFFE',
  'U+FFFF': '\uFFFF',
};
/** What content can carry through the API: NUL is refused (400), the rest is stored (surrogates mended). */
const STORABLE = Object.entries(FORBIDDEN).filter(([name]) => name !== 'U+0000');

function expectWellFormed(label: string, xml: string) {
  const bad = [...xml].findIndex((char) => !XML_CHARS.test(char));
  expect(bad, `${label}: a character XML forbids at ${bad}: ${JSON.stringify(xml.slice(Math.max(0, bad - 20), bad + 20))}`).toBe(-1);
  expect(XML_CHARS.test(xml), label).toBe(true);
  const errors: string[] = [];
  const parser = sax.parser(true);
  parser.onerror = (error) => {
    errors.push(error.message.split('\n')[0]!);
    parser.resume();
  };
  parser.write(xml).close();
  expect(errors, label).toEqual([]);
}

describe('XML the server writes', () => {
  let author: TestUser;

  beforeAll(async () => {
    author = await signUp(t, { prefix: 'xmlch' });
    for (const [name, char] of STORABLE) {
      await createThread(t, author, { isAnonymous: false, title: `Title ${name} [${char}] end`, content: `Body ${name} [${char}] end\n\nsecond [${char}${char}] paragraph` });
    }
    const all = STORABLE.map(([, char]) => char).join('');
    // Where no form puts such characters, but an older version, an import or an admin's SQL might.
    await t.database.db.update(users).set({ username: `xml\u0007${author.username}`.slice(0, 20) }).where(eq(users.id, author.id));
    await t.database.db.update(boards).set({ name: `Technology ${all}`, description: `About ${all}` }).where(eq(boards.code, 'g'));
    await t.database.db.insert(boards).values({ code: 'x\u0001\u001fz', name: 'Odd', description: 'A board code no form makes' });
  });

  it.each(['/feeds/recent.atom', '/feeds/boards/g.atom', 'user'])('%s stays well formed, the text kept without the characters XML forbids', async (which) => {
    const url = which === 'user' ? `/feeds/users/${author.id}.atom` : which;
    const response = await t.client().get(url);
    expect(response.statusCode, url).toBe(200);
    expectWellFormed(url, response.body);
    expect(response.body).toContain('Title U+0007 [] end');
    expect(response.body).toContain('Body U+001F [] end');
    // A mended lone surrogate is U+FFFD, a character XML allows.
    expect(response.body).toContain('Title lone high surrogate [\uFFFD] end');
  });

  it('sitemap.xml stays well formed, whatever a board code holds', async () => {
    const response = await t.client().get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expectWellFormed('/sitemap.xml', response.body);
    expect(response.body).toContain('/board/xz</loc>');
  });

  it('wellFormedXml drops every forbidden class, NUL and lone surrogates included, and keeps every allowed character', () => {
    for (const [name, char] of Object.entries(FORBIDDEN)) {
      expect(wellFormedXml(`<a>x${char}y</a>`), name).toBe('<a>xy</a>');
    }
    const allowed = '\t\n\r é \u0085 \uD7FF \uE000 \uFFFD \uD83D\uDE00 \u{10FFFF}';
    expect(wellFormedXml(`<a>${allowed}</a>`)).toBe(`<a>${allowed}</a>`);
  });
});
