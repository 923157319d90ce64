// `||text||` hides text until the reader reveals it. Built like markdown-it's own
// `~~strikethrough~~` (delimiters paired by its balance_pairs pass, so nesting with
// emphasis works and unbalanced runs cost linear time), with `|` for `~`.
import type { Delimiter, StateInline, Token } from 'markdown-it';

const BAR = 0x7c;

export function spoilerTokenize(state: StateInline, silent: boolean): boolean {
  if (silent || state.src.charCodeAt(state.pos) !== BAR) return false;
  const scanned = state.scanDelims(state.pos, true);
  let length = scanned.length;
  if (length < 2) return false;
  if (length % 2) {
    state.push('text', '', 0).content = '|';
    length--;
  }
  for (let i = 0; i < length; i += 2) {
    state.push('text', '', 0).content = '||';
    state.delimiters.push({ marker: BAR, length: 0, token: state.tokens.length - 1, end: -1, open: scanned.can_open, close: scanned.can_close });
  }
  state.pos += scanned.length;
  return true;
}

function pairUp(state: StateInline, delimiters: Delimiter[]) {
  const loneMarkers: number[] = [];
  for (const start of delimiters) {
    if (start.marker !== BAR || start.end === -1) continue;
    const end = delimiters[start.end]!;
    const open = state.tokens[start.token]!;
    open.type = 'spoiler_open';
    open.tag = 'span';
    open.nesting = 1;
    open.markup = '||';
    open.content = '';
    const close = state.tokens[end.token]!;
    close.type = 'spoiler_close';
    close.tag = 'span';
    close.nesting = -1;
    close.markup = '||';
    close.content = '';
    const before = state.tokens[end.token - 1]!;
    if (before.type === 'text' && before.content === '|') loneMarkers.push(end.token - 1);
  }
  // A lone `|` left just before a closing marker belongs after it (`|||a|||`).
  while (loneMarkers.length) {
    const i = loneMarkers.pop()!;
    let j = i + 1;
    while (j < state.tokens.length && state.tokens[j]!.type === 'spoiler_close') j++;
    j--;
    if (i !== j) {
      const token: Token = state.tokens[j]!;
      state.tokens[j] = state.tokens[i]!;
      state.tokens[i] = token;
    }
  }
}

export function spoilerPostProcess(state: StateInline): void {
  pairUp(state, state.delimiters);
  for (const meta of state.tokens_meta) if (meta?.delimiters) pairUp(state, meta.delimiters);
}
