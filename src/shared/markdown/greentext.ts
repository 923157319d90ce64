// The quote block of imageboards, not CommonMark's: each line that starts with `>` is
// quoted, and only that line (no lazy continuation, so `>quote` then `my answer` on
// the next line leaves the answer outside), and a line starting with `>>{digits}`
// is a reference to a post, not a quote nested in a quote. What is inside the
// quote is still Markdown (emphasis, code, even a quote in a quote with `> >`).
import type { StateBlock } from 'markdown-it';

const GT = 0x3e;
const isSpace = (code: number) => code === 0x20 || code === 0x09;

/** Whether the text at pos is `>>` followed by a digit: a post reference. */
function isReferenceAt(src: string, pos: number): boolean {
  if (src.charCodeAt(pos + 1) !== GT) return false;
  const next = src.charCodeAt(pos + 2);
  return next >= 0x30 && next <= 0x39;
}

function isQuoteLine(state: StateBlock, line: number): boolean {
  const pos = state.bMarks[line]! + state.tShift[line]!;
  if (pos >= state.eMarks[line]!) return false;
  if (state.sCount[line]! < state.blkIndent || state.sCount[line]! - state.blkIndent >= 4) return false;
  return state.src.charCodeAt(pos) === GT && !isReferenceAt(state.src, pos);
}

export function greentext(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (!isQuoteLine(state, startLine)) return false;
  if (silent) return true;
  let nextLine = startLine;
  while (nextLine < endLine && isQuoteLine(state, nextLine)) nextLine++;

  // Shift each line's start past its `>` and one space, as markdown-it's own
  // blockquote does, tokenize the lines as blocks, then put the marks back.
  const saved: Array<[number, number, number, number]> = [];
  for (let line = startLine; line < nextLine; line++) {
    saved.push([state.bMarks[line]!, state.tShift[line]!, state.sCount[line]!, state.bsCount[line]!]);
    let pos = state.bMarks[line]! + state.tShift[line]! + 1;
    if (isSpace(state.src.charCodeAt(pos))) pos++;
    const contentStart = pos;
    const max = state.eMarks[line]!;
    while (pos < max && isSpace(state.src.charCodeAt(pos))) pos++;
    state.bMarks[line] = contentStart;
    state.tShift[line] = pos - contentStart;
    state.sCount[line] = pos - contentStart;
    state.bsCount[line] = 0;
  }
  const oldLineMax = state.lineMax;
  const oldParentType = state.parentType;
  const oldIndent = state.blkIndent;
  state.lineMax = nextLine;
  state.parentType = 'blockquote';
  state.blkIndent = 0;
  const open = state.push('blockquote_open', 'blockquote', 1);
  open.markup = '>';
  const lines: [number, number] = [startLine, 0];
  open.map = lines;
  state.md.block.tokenize(state, startLine, nextLine);
  const close = state.push('blockquote_close', 'blockquote', -1);
  close.markup = '>';
  lines[1] = state.line;
  state.lineMax = oldLineMax;
  state.parentType = oldParentType;
  state.blkIndent = oldIndent;
  saved.forEach(([bMark, tShift, sCount, bsCount], index) => {
    const line = startLine + index;
    state.bMarks[line] = bMark;
    state.tShift[line] = tShift;
    state.sCount[line] = sCount;
    state.bsCount[line] = bsCount;
  });
  state.line = nextLine;
  return true;
}
