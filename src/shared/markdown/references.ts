// `>>{postId}` and `@{username}` as inline tokens of the Markdown parse: the same
// tokens that become links are the ones that notify (post-text.ts walks them), and
// neither exists inside code, a link's text or a URL, because the parser never
// runs inline rules there.
import type { StateInline } from 'markdown-it';

const GT = 0x3e;
const AT = 0x40;
const POST_REFERENCE = /^>>(\d{1,10})/;
const MENTION = /^@([A-Za-z0-9_]{3,20})(?![A-Za-z0-9_])/;
// A mention starts the text or follows a character that cannot be part of a
// username or an e-mail address (`me@example.com` mentions no one).
const WORDLIKE = /[A-Za-z0-9_@]/;

export function postReference(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== GT || state.linkLevel > 0) return false;
  const match = POST_REFERENCE.exec(state.src.slice(state.pos, state.pos + 12));
  if (!match) return false;
  if (!silent) {
    const token = state.push('post_reference', '', 0);
    token.content = match[0];
    token.meta = { postId: Number(match[1]) };
  }
  state.pos += match[0].length;
  return true;
}

export function mention(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== AT || state.linkLevel > 0) return false;
  if (state.pos > 0 && WORDLIKE.test(state.src[state.pos - 1]!)) return false;
  const match = MENTION.exec(state.src.slice(state.pos, state.pos + 22));
  if (!match) return false;
  if (!silent) {
    const token = state.push('mention', '', 0);
    token.content = match[0];
    token.meta = { username: match[1] };
  }
  state.pos += match[0].length;
  return true;
}

// A run of delimiters this long is never emphasis a writer meant, and markdown-it
// pairs each of its characters with the others (an `a***…***a` of 20,000 took
// 300 ms): it is text.
const DELIMITER_RUN_MAX = 32;

export function longDelimiterRun(state: StateInline, silent: boolean): boolean {
  const marker = state.src.charCodeAt(state.pos);
  if (marker !== 0x2a && marker !== 0x5f && marker !== 0x7e && marker !== 0x7c) return false;
  let end = state.pos + 1;
  while (end < state.posMax && state.src.charCodeAt(end) === marker) end++;
  if (end - state.pos < DELIMITER_RUN_MAX) return false;
  if (!silent) state.pending += state.src.slice(state.pos, end);
  state.pos = end;
  return true;
}

/**
 * markdown-it's `text` rule with `|` added to the characters where it stops, so
 * `||spoiler||` gets a chance to start in the middle of a run of text.
 */
export function textRun(state: StateInline, silent: boolean): boolean {
  let pos = state.pos;
  while (pos < state.posMax && !stopsText(state.src.charCodeAt(pos))) pos++;
  if (pos === state.pos) return false;
  if (!silent) state.pending += state.src.slice(state.pos, pos);
  state.pos = pos;
  return true;
}

function stopsText(code: number): boolean {
  switch (code) {
    case 0x0a: case 0x21: case 0x23: case 0x24: case 0x25: case 0x26: case 0x2a: case 0x2b: case 0x2d: case 0x3a:
    case 0x3c: case 0x3d: case 0x3e: case 0x40: case 0x5b: case 0x5c: case 0x5d: case 0x5e: case 0x5f: case 0x60:
    case 0x7b: case 0x7c: case 0x7d: case 0x7e:
      return true;
    default:
      return false;
  }
}
