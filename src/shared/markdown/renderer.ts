// The one Markdown renderer (CONTRACT.md section 14): the server renders every
// post and thread with it (pages, JSON's contentHtml, feeds, search snippets) and
// the web app loads it only for the editor's Preview. Safe by construction: raw
// HTML is off (shown as text), images are off (`![a](b)` stays a link), every href
// passes an allow-list, and the only HTML produced is markdown-it's own tags and
// the few rules below, whose text always goes through escapeHtml.
// No DOM and no Node here: it runs in both.
import MarkdownIt from 'markdown-it';
import type { MarkdownIt as Markdown, StateBlock, Token } from 'markdown-it';
import { greentext } from './greentext.js';
import { USER_LINK_REL, cleanLinkText, isSafeHref, stripInvisible } from './links.js';
import { longDelimiterRun, mention, postReference, textRun } from './references.js';
import { spoilerPostProcess, spoilerTokenize } from './spoiler.js';

type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;

/**
 * Quotes and lists nest only so deep; deeper, their markers are shown as written.
 * markdown-it drops whatever lies past its nesting limit (maxNesting), and a line of
 * 20,000 `>` or a list 200 levels deep must not make a post's text vanish.
 */
const NESTING_MAX = 16;
const shallow = (rule: BlockRule): BlockRule => (state, startLine, endLine, silent) => state.level < NESTING_MAX && rule(state, startLine, endLine, silent);

const HEADING_TAGS: Record<string, string> = { h1: 'h4', h2: 'h5' };

function createMarkdown(): Markdown {
  const md = new MarkdownIt('default', { html: false, linkify: true, breaks: true, typographer: false, maxNesting: NESTING_MAX + 8 });
  md.disable(['table', 'image', 'html_block', 'html_inline']);

  // Headings: `#` and `##` only; `###` and deeper stay a line of text.
  const heading = md.block.ruler.__rules__.find((rule) => rule.name === 'heading')!.fn;
  md.block.ruler.at('heading', (state, startLine, endLine, silent) => {
    const pos = state.bMarks[startLine]! + state.tShift[startLine]!;
    if (state.src.startsWith('###', pos)) return false;
    return heading(state, startLine, endLine, silent);
  });
  md.block.ruler.at('blockquote', shallow(greentext), { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  const list = md.block.ruler.__rules__.find((rule) => rule.name === 'list')!.fn;
  md.block.ruler.at('list', shallow(list), { alt: ['paragraph', 'reference', 'blockquote'] });

  md.inline.ruler.at('text', textRun);
  md.inline.ruler.before('strikethrough', 'long_delimiter_run', longDelimiterRun);
  md.inline.ruler.before('emphasis', 'post_reference', postReference);
  md.inline.ruler.before('emphasis', 'mention', mention);
  md.inline.ruler.before('emphasis', 'spoiler', spoilerTokenize);
  md.inline.ruler2.before('emphasis', 'spoiler', spoilerPostProcess);
  md.core.ruler.push('clean_link_text', cleanLinkText);
  // The post's headings sit below the page's own (h1 title, h2 sections, h3 a reply's author).
  md.core.ruler.push('heading_levels', (state) => {
    for (const token of state.tokens) if (token.type === 'heading_open' || token.type === 'heading_close') token.tag = HEADING_TAGS[token.tag] ?? token.tag;
  });

  // GFM autolinks: http(s) URLs and `www.` names, not every word with a dot
  // (`file.md` is a file, not Moldova); no bare e-mail addresses.
  md.linkify.set({ fuzzyLink: true, fuzzyEmail: false, fuzzyIP: false });
  md.linkify.add('//', null).add('ftp:', null);
  const match = md.linkify.match.bind(md.linkify);
  md.linkify.match = (text: string) => {
    const links = match(text);
    return links && links.filter((link) => link.schema !== '' || /^www\./i.test(link.raw));
  };

  const normalizeLink = md.normalizeLink.bind(md);
  md.normalizeLink = (url: string) => normalizeLink(stripInvisible(url));
  md.validateLink = isSafeHref;

  const { escapeHtml } = md.utils;
  md.renderer.rules.link_open = (tokens, index) => {
    const href = String(tokens[index]!.attrGet('href') ?? '');
    const external = /^https?:/i.test(href);
    return `<a href="${escapeHtml(href)}" rel="${USER_LINK_REL}"${external ? ' target="_blank"' : ''}>`;
  };
  md.renderer.rules.post_reference = (tokens, index) => {
    const token = tokens[index]!;
    const postId = (token.meta as { postId: number }).postId;
    return `<a href="#post-${postId}" class="md-reference" data-post-id="${postId}">${escapeHtml(token.content)}</a>`;
  };
  md.renderer.rules.mention = (tokens, index) => {
    const token = tokens[index]!;
    const username = (token.meta as { username: string }).username;
    return `<a href="/u/${encodeURIComponent(username)}" class="md-mention">${escapeHtml(token.content)}</a>`;
  };
  // A spoiler is a focusable span: a click or Tab focuses it and CSS shows it while
  // focused (no script needed); screen readers hear "Spoiler:" before the text.
  md.renderer.rules.spoiler_open = () => '<span class="md-spoiler" tabindex="0"><span class="sr-only">Spoiler: </span>';
  md.renderer.rules.spoiler_close = () => '</span>';
  return md;
}

let instance: Markdown | undefined;
const markdown = () => (instance ??= createMarkdown());

/** A post's or thread's Markdown as safe HTML. */
export function renderMarkdown(content: string): string {
  return markdown().render(content);
}

/** The block tokens of a post's Markdown (inline tokens in each `inline` token's children). */
export function parseMarkdown(content: string): Token[] {
  return markdown().parse(content, {});
}

const SPOILER_PLACEHOLDER = '[spoiler]';

/**
 * Where no stylesheet hides a spoiler (a feed reader), it leaves out the text and
 * says "[spoiler]" in its place.
 */
export function renderMarkdownWithoutSpoilers(content: string): string {
  const md = markdown();
  const env = {};
  const blocks = md.parse(content, env);
  for (const block of blocks) if (block.type === 'inline' && block.children) block.children = withoutSpoilers(block.children);
  return md.renderer.render(blocks, md.options, env);
}

function withoutSpoilers(children: Token[]): Token[] {
  const kept: Token[] = [];
  let depth = 0;
  for (const token of children) {
    if (token.type === 'spoiler_open') {
      if (depth++ === 0) {
        // The opening token itself becomes the placeholder text.
        token.type = 'text';
        token.tag = '';
        token.nesting = 0;
        token.content = SPOILER_PLACEHOLDER;
        kept.push(token);
      }
    } else if (token.type === 'spoiler_close') depth--;
    else if (depth === 0) kept.push(token);
  }
  return kept;
}

/**
 * A post's text with its Markdown read and its markup gone (a search snippet, a
 * one-line preview): the words as shown, spoilers as "[spoiler]", blocks joined by
 * a space. Plain text, to be escaped by whoever puts it in HTML.
 */
export function markdownToText(content: string): string {
  const parts: string[] = [];
  for (const block of markdown().parse(content, {})) {
    if (block.type === 'fence' || block.type === 'code_block') parts.push(block.content.trim());
    if (block.type !== 'inline' || !block.children) continue;
    let text = '';
    let depth = 0;
    for (const token of block.children) {
      if (token.type === 'spoiler_open') {
        if (depth++ === 0) text += SPOILER_PLACEHOLDER;
      } else if (token.type === 'spoiler_close') depth--;
      else if (depth > 0) continue;
      else if (token.type === 'softbreak' || token.type === 'hardbreak') text += ' ';
      else if (token.type === 'text' || token.type === 'code_inline' || token.type === 'post_reference' || token.type === 'mention' || token.type === 'text_special') text += token.content;
    }
    parts.push(text);
  }
  return parts.filter(Boolean).join(' ');
}
