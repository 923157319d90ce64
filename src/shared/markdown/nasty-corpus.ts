// Hostile Markdown at the size limit, for the renderer's tests and `npm run bench`
// (bench/markdown.ts): inputs that make naive parsers quadratic or unsafe.
import { THREAD_CONTENT_MAX } from '../constants.js';

const fill = (unit: string, size = THREAD_CONTENT_MAX) => unit.repeat(Math.floor(size / unit.length));

export const NASTY_CORPUS: Record<string, string> = {
  'emphasis bomb': `a${fill('*', THREAD_CONTENT_MAX - 2)}a`,
  'nested emphasis': fill('*a **b '),
  'underscore bomb': fill('_a __b ___c '),
  'open brackets': fill('['),
  '10,000 brackets': '['.repeat(10_000) + ']'.repeat(10_000),
  'link openers': fill('[a]('),
  'nested links': fill('[['),
  'spoiler bomb': fill('||a '),
  'strikethrough bomb': fill('~~a '),
  'backticks': fill('`a``'),
  'quote nesting': fill('>'),
  'list nesting': Array.from({ length: 2000 }, (_, depth) => `${'  '.repeat(depth % 200)}- item`).join('\n').slice(0, THREAD_CONTENT_MAX),
  'references and mentions': fill('>>123 @someone '),
  'javascript links': fill('[x](javascript:alert(1)) [y](JaVaScRiPt:alert(1)) [z](java&#09;script:alert(1)) <javascript:alert(1)> '),
  'data and vbscript links': fill('[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) [y](vbscript:msgbox) ![i](data:image/png;base64,AAAA) '),
  'raw html': fill('<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a> '),
  'bidi controls': fill('\u202egpj.exe \u2066[a\u202eb](https://x.test/\u202efdp.exe)\u2069 '),
  'zero-width joiners in links': fill('https://exa\u200dmple.com/\u200b [t\u200dx](https://a\u200c.test) '),
  'long line of entities': fill('&amp;&#x1F600;&#0;&#xD800;'),
  'autolinks': fill('https://a.test/(((( www.b.test ')
};
