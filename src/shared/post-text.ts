// How a post's text is read, by the server (who is quoted or mentioned, so who is
// notified) and by the web app (what becomes a link): one tokenizer, so a mention
// that notifies is exactly a mention that is linked. No DOM and no Node here.
import { MENTIONS_PER_POST_MAX, QUOTES_PER_POST_MAX } from './constants.js';

/** A piece of a post's text outside code blocks. */
export type TextToken =
  | { type: 'text'; text: string }
  | { type: 'url'; text: string }
  /** `>>{postId}`: a reference to a post of the same thread. */
  | { type: 'quote'; text: string; postId: number }
  /** `@{username}`: a username by the rule of SPEC.md section 5, not inside a word or an e-mail address. */
  | { type: 'mention'; text: string; username: string };

// URLs first, so an `@name` or `>>1` inside a link stays part of it. A mention starts
// the text or follows a character that is not a letter, digit, underscore or `@`
// (so `me@example.com` mentions no one), and ends where a username cannot go on.
const TOKEN = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]])|>>(\d{1,10})|(?<![A-Za-z0-9_@])@([A-Za-z0-9_]{3,20})(?![A-Za-z0-9_])/g;

/** The text of one segment outside ``` code blocks, as tokens. */
export function tokenizeText(text: string): TextToken[] {
  const tokens: TextToken[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const index = match.index;
    if (index > last) tokens.push({ type: 'text', text: text.slice(last, index) });
    const [whole, url, quote, username] = match;
    if (url) tokens.push({ type: 'url', text: url });
    else if (quote) tokens.push({ type: 'quote', text: whole, postId: Number(quote) });
    else if (username) tokens.push({ type: 'mention', text: whole, username });
    last = index + whole.length;
  }
  if (last < text.length) tokens.push({ type: 'text', text: text.slice(last) });
  return tokens;
}

/** A post's text split on ```: odd segments are code, shown as written. */
export const segmentsOf = (content: string) => content.split('```');

/**
 * Who a post's text reaches (outside code blocks): the quoted post ids and the
 * mentioned usernames (lower-case), each once, in order, bounded per post.
 */
export function referencesIn(content: string): { quotedPostIds: number[]; mentionedUsernames: string[] } {
  const quoted = new Set<number>();
  const mentioned = new Set<string>();
  segmentsOf(content).forEach((segment, index) => {
    if (index % 2 === 1) return;
    for (const token of tokenizeText(segment)) {
      if (token.type === 'quote' && token.postId <= 2_147_483_647 && quoted.size < QUOTES_PER_POST_MAX) quoted.add(token.postId);
      if (token.type === 'mention' && mentioned.size < MENTIONS_PER_POST_MAX) mentioned.add(token.username.toLowerCase());
    }
  });
  return { quotedPostIds: [...quoted], mentionedUsernames: [...mentioned] };
}
