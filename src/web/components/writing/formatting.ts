// The editor toolbar's edits: each takes the text and the selection and gives the
// new text and what to select after, so the writer can type straight on.

export type Formatting = 'bold' | 'italic' | 'quote' | 'code' | 'spoiler' | 'link';

export interface Edit {
  text: string;
  selectionStart: number;
  selectionEnd: number;
}

function wrap(text: string, start: number, end: number, before: string, after: string, placeholder: string): Edit {
  const chosen = text.slice(start, end) || placeholder;
  const next = text.slice(0, start) + before + chosen + after + text.slice(end);
  return { text: next, selectionStart: start + before.length, selectionEnd: start + before.length + chosen.length };
}

/** Every line the selection touches, each starting with `> `. */
function quote(text: string, start: number, end: number): Edit {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lines = text.slice(lineStart, end).split('\n');
  const quoted = lines.map((line) => `> ${line}`).join('\n');
  const next = text.slice(0, lineStart) + quoted + text.slice(end);
  return { text: next, selectionStart: lineStart + 2, selectionEnd: lineStart + quoted.length };
}

export function applyFormatting(kind: Formatting, text: string, start: number, end: number): Edit {
  switch (kind) {
    case 'bold':
      return wrap(text, start, end, '**', '**', 'bold text');
    case 'italic':
      return wrap(text, start, end, '_', '_', 'italic text');
    case 'spoiler':
      return wrap(text, start, end, '||', '||', 'spoiler');
    case 'code': {
      const multiline = text.slice(start, end).includes('\n');
      if (!multiline) return wrap(text, start, end, '`', '`', 'code');
      const before = start > 0 && text[start - 1] !== '\n' ? '\n```\n' : '```\n';
      return wrap(text, start, end, before, '\n```\n', 'code');
    }
    case 'link': {
      const label = text.slice(start, end) || 'link text';
      const url = 'https://';
      const next = `${text.slice(0, start)}[${label}](${url})${text.slice(end)}`;
      // The URL is what is left to type.
      const urlStart = start + label.length + 3;
      return { text: next, selectionStart: urlStart, selectionEnd: urlStart + url.length };
    }
    case 'quote':
      return quote(text, start, end);
  }
}

/** Ctrl/Cmd + a key in the text box. */
export const SHORTCUTS: Record<string, Formatting> = { b: 'bold', i: 'italic', k: 'link' };
