import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../shared/markdown/renderer.js';
import { excerptOf } from './excerpt';

describe('excerptOf', () => {
  it('gives the words of rendered Markdown, spoilers hidden, escapes undone once', () => {
    const html = renderMarkdown('# Title\n\n**bold** ||secret **x** ||nested|| y|| after <b>&amp;</b> [link](https://x.test)\n\n> quote');
    expect(excerptOf(html)).toBe('Title bold [spoiler] after <b>&</b> link quote');
  });
});
