import { describe, expect, it } from 'vitest';
import { chooseStrategy, estimate } from './strategy.js';
import type { TermStats } from './term-stats.js';

const stats: TermStats = {
  rows: 1_000_000,
  frequencies: new Map([
    ['everywher', 0.9],
    ['often', 0.3],
    ['sometim', 0.01],
    ["it'", 0.5],
  ]),
  rareBelow: 0.002,
};

describe('search strategy', () => {
  it('estimates matches from the lexeme frequencies, through and, or, not and phrases', () => {
    expect(estimate("'everywher'", stats).matching).toBeCloseTo(0.9);
    expect(estimate("'everywher' & 'often'", stats).matching).toBeCloseTo(0.27);
    expect(estimate("'everywher' <-> 'often'", stats).matching).toBeCloseTo(0.27);
    expect(estimate("'often' | 'sometim'", stats).matching).toBeCloseTo(1 - 0.7 * 0.99);
    expect(estimate("'everywher' & !'often'", stats)).toEqual({ matching: expect.closeTo(0.63), postings: 0.9 });
    expect(estimate("'it''' & ( 'often':* | 'sometim':AB )", stats).matching).toBeCloseTo(0.5 * (1 - 0.7 * 0.99));
    // An unknown lexeme is rarer than the rarest one ANALYZE kept.
    expect(estimate("'xyzzy'", stats).matching).toBeLessThan(0.002);
    expect(estimate('', stats)).toEqual({ matching: 0, postings: 0 });
  });

  it('walks the newest rows for dense matches and asks the index for sparse or absent ones', () => {
    expect(chooseStrategy("'everywher'", stats)).toBe('recent');
    expect(chooseStrategy("'everywher' & 'often'", stats)).toBe('recent');
    expect(chooseStrategy("'xyzzy'", stats)).toBe('index');
    expect(chooseStrategy("'sometim' & 'xyzzy'", stats)).toBe('index');
    // A negation alone makes the index scan everything; the walk stops early.
    expect(chooseStrategy("!'sometim'", stats)).toBe('recent');
    // No statistics yet (a young table): the index, which is never wrong.
    expect(chooseStrategy("'everywher'", null)).toBe('index');
  });
});
