// What a link in a post may point to, and how it is shown.
import type { StateCore, Token } from 'markdown-it';

/** The rel every link a writer chose carries (CONTRACT.md section 14). */
export const USER_LINK_REL = 'nofollow ugc noopener noreferrer';

// Invisible characters that can make a URL read as another one: bidi controls
// (an RLO turns `evil.com/‮gpj.exe` around), zero-width characters and joiners,
// the soft hyphen and the BOM. They are stripped from every href.
const INVISIBLE = /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g;
// In a link's text, the controls that reorder what follows are dropped (its text
// is shown as it will be followed); joiners stay, emoji sequences need them.
const REORDERING = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// Control characters are what this pattern is for.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0020\u007f-\u009f]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);

export const stripInvisible = (url: string) => url.replace(INVISIBLE, '');

/**
 * An allow-list, not markdown-it's deny-list: http, https and mailto, or a path on
 * this site. Control characters and whitespace are removed before the scheme is
 * read, as a browser would (`java\tscript:` is javascript:); anything else with a
 * colon before its first `/`, `?` or `#` is refused.
 */
export function isSafeHref(url: string): boolean {
  const plain = stripInvisible(url).replace(CONTROL, '');
  const scheme = SCHEME.exec(plain);
  if (scheme) return SAFE_SCHEMES.has(scheme[1]!.toLowerCase());
  const colon = plain.indexOf(':');
  if (colon === -1) return true;
  const firstDelimiter = plain.search(/[/?#]/);
  return firstDelimiter !== -1 && firstDelimiter < colon;
}

/** Core rule: drops reordering controls from the text inside links. */
export function cleanLinkText(state: StateCore): void {
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    let depth = 0;
    for (const token of block.children as Token[]) {
      if (token.type === 'link_open') depth++;
      else if (token.type === 'link_close') depth--;
      else if (depth > 0 && token.type === 'text') token.content = token.content.replace(REORDERING, '');
    }
  }
}
