import { describe, expect, it } from 'vitest';
import { applyFormatting } from './formatting';

describe('applyFormatting', () => {
  it('wraps the selection, or a placeholder to type over, and selects it', () => {
    expect(applyFormatting('bold', 'a word b', 2, 6)).toEqual({ text: 'a **word** b', selectionStart: 4, selectionEnd: 8 });
    expect(applyFormatting('italic', 'ab', 1, 1)).toEqual({ text: 'a_italic text_b', selectionStart: 2, selectionEnd: 13 });
    expect(applyFormatting('spoiler', 'x', 0, 1).text).toBe('||x||');
    expect(applyFormatting('code', 'x', 0, 1).text).toBe('`x`');
    expect(applyFormatting('code', 'a\nb', 0, 3).text).toBe('```\na\nb\n```\n');
  });

  it('quotes every line the selection touches, and leaves the URL of a link selected', () => {
    expect(applyFormatting('quote', 'one\ntwo\nthree', 5, 9).text).toBe('one\n> two\n> three');
    const link = applyFormatting('link', 'see this', 4, 8);
    expect(link.text).toBe('see [this](https://)');
    expect(link.text.slice(link.selectionStart, link.selectionEnd)).toBe('https://');
  });
});
