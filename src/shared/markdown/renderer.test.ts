import { describe, expect, it } from 'vitest';
import { NASTY_CORPUS } from './nasty-corpus.js';
import { renderMarkdown } from './renderer.js';

const REL = 'rel="nofollow ugc noopener noreferrer"';
const html = (text: string) => renderMarkdown(text).trim();

/** Every tag and attribute the renderer may write; anything else means user HTML got through. */
const ALLOWED_TAGS = new Set(['p', 'br', 'em', 'strong', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'h4', 'h5', 'hr', 'span']);
const ALLOWED_ATTRIBUTES = new Set(['href', 'rel', 'target', 'class', 'data-post-id', 'tabindex', 'start']);

function expectSafe(output: string) {
  for (const [, closing, tag, attributes] of output.matchAll(/<(\/?)([a-zA-Z0-9]+)([^>]*)>/g)) {
    expect(ALLOWED_TAGS, `tag <${closing}${tag}>`).toContain(tag!.toLowerCase());
    for (const [, name] of attributes!.matchAll(/\s([a-zA-Z-]+)=/g)) expect(ALLOWED_ATTRIBUTES, `attribute ${name}`).toContain(name);
  }
  expect(output).not.toMatch(/<(img|script|iframe|svg|style|object|embed)/i);
  for (const [, href] of output.matchAll(/href="([^"]*)"/g)) {
    expect(href).toMatch(/^(https?:|mailto:|#post-\d+$|\/u\/)/);
    expect(href).not.toMatch(/[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/);
  }
  for (const [tag] of output.matchAll(/<a [^>]*>/g)) if (!/md-(reference|mention)/.test(tag)) expect(tag).toContain(REL);
}

describe('the Markdown renderer', () => {
  it('renders every construct of CommonMark it keeps', () => {
    expect(html('*em* _em_ **strong** __strong__')).toBe('<p><em>em</em> <em>em</em> <strong>strong</strong> <strong>strong</strong></p>');
    expect(html('- a\n- b')).toBe('<ul>\n<li>a</li>\n<li>b</li>\n</ul>');
    expect(html('1. a\n2. b')).toBe('<ol>\n<li>a</li>\n<li>b</li>\n</ol>');
    expect(html('`a <b>`')).toBe('<p><code>a &lt;b&gt;</code></p>');
    expect(html('```js\nlet a = "<b>";\n```')).toBe('<pre><code class="language-js">let a = &quot;&lt;b&gt;&quot;;\n</code></pre>');
    expect(html('[a](https://x.test "t")')).toBe(`<p><a href="https://x.test" ${REL} target="_blank">a</a></p>`);
    expect(html('[a](/b/c)')).toBe(`<p><a href="/b/c" ${REL}>a</a></p>`);
    expect(html('one\ntwo')).toBe('<p>one<br>\ntwo</p>');
    expect(html('---')).toBe('<hr>');
  });

  it('keeps headings to two levels, below the page title', () => {
    expect(html('# One')).toBe('<h4>One</h4>');
    expect(html('## Two')).toBe('<h5>Two</h5>');
    expect(html('### Three')).toBe('<p>### Three</p>');
    expect(html('###### Six')).toBe('<p>###### Six</p>');
  });

  it('adds GFM strikethrough and autolinks, only for URLs and www. names', () => {
    expect(html('~~gone~~')).toBe('<p><s>gone</s></p>');
    expect(html('see https://x.test/a?b=1.')).toBe(`<p>see <a href="https://x.test/a?b=1" ${REL} target="_blank">https://x.test/a?b=1</a>.</p>`);
    expect(html('www.example.com')).toBe(`<p><a href="http://www.example.com" ${REL} target="_blank">www.example.com</a></p>`);
    expect(html('notes.md and me@x.test')).toBe('<p>notes.md and me@x.test</p>');
  });

  it('renders spoilers as focusable spans that announce themselves', () => {
    expect(html('a ||secret *b*|| c')).toBe('<p>a <span class="md-spoiler" tabindex="0"><span class="sr-only">Spoiler: </span>secret <em>b</em></span> c</p>');
    expect(html('a || b')).toBe('<p>a || b</p>');
    expect(html('`||code||`')).toBe('<p><code>||code||</code></p>');
  });

  it('keeps imageboard habits: >>id links a post, a line starting with > is a quote', () => {
    expect(html('>>123 yes')).toBe('<p><a href="#post-123" class="md-reference" data-post-id="123">&gt;&gt;123</a> yes</p>');
    expect(html('>>1\n>green\nmine')).toBe('<p><a href="#post-1" class="md-reference" data-post-id="1">&gt;&gt;1</a></p>\n<blockquote>\n<p>green</p>\n</blockquote>\n<p>mine</p>');
    expect(html('> a\n>>2 b')).toBe('<blockquote>\n<p>a</p>\n</blockquote>\n<p><a href="#post-2" class="md-reference" data-post-id="2">&gt;&gt;2</a> b</p>');
    expect(html('> > nested')).toBe('<blockquote>\n<blockquote>\n<p>nested</p>\n</blockquote>\n</blockquote>');
    expect(html('@bob_1 hi')).toBe('<p><a href="/u/bob_1" class="md-mention">@bob_1</a> hi</p>');
  });

  it('shows raw HTML as text and never embeds an image', () => {
    expect(html('<b>x</b><script>alert(1)</script>')).toBe('<p>&lt;b&gt;x&lt;/b&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(html('<div onclick="x">\n\nhi\n\n</div>')).not.toContain('<div');
    expect(html('![alt](https://tracker.test/pixel.png)')).toBe(`<p>!<a href="https://tracker.test/pixel.png" ${REL} target="_blank">alt</a></p>`);
    expect(html('![alt](/uploads/a.png)')).not.toContain('<img');
    expect(html('| a | b |\n| - | - |\n| 1 | 2 |')).not.toContain('<table');
  });

  it('refuses javascript:, data:, vbscript: and any scheme but http, https and mailto', () => {
    for (const href of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'java&#09;script:alert(1)', 'java%09script:alert(1)', '&#x6a;avascript:alert(1)', 'data:text/html,x', 'data:image/png;base64,AAAA', 'vbscript:x', 'file:///etc/passwd', 'ftp://x.test', '\u200bjavascript:alert(1)', 'jav\u200dascript:alert(1)']) {
      const output = html(`[x](${href}) <${href}>`);
      expect(output, href).not.toContain('href=');
    }
    expect(html('[m](mailto:a@x.test)')).toContain('href="mailto:a@x.test"');
  });

  it('strips bidi and zero-width characters from hrefs and reordering controls from link text', () => {
    const output = html('[a\u202eb\u200dc](https://x.test/\u202egpj.exe\u200b) https://exa\u200dmple.test/\u2066x');
    expect(output).toContain('href="https://x.test/gpj.exe"');
    expect(output).toContain('>ab\u200dc</a>');
    expect(output).toContain('href="https://example.test/x"');
    expectSafe(output);
  });

  it('renders the nasty-input corpus safely and completely', () => {
    for (const [name, input] of Object.entries(NASTY_CORPUS)) {
      const output = renderMarkdown(input);
      expectSafe(output);
      // The text is still there: nothing past a nesting limit is dropped (markup
      // characters turned into tags account for the difference).
      const visible = (text: string) => text.replace(/\s+/g, '').length;
      expect(visible(output.replace(/<[^>]+>/g, '')), name).toBeGreaterThan(visible(input) / 5);
    }
    expect(renderMarkdown(NASTY_CORPUS['10,000 brackets']!)).toContain('[[[[');
  });
});
