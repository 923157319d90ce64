import { describe, expect, it } from 'vitest';
import { referencesIn, tokenizeText } from './post-text.js';

describe('post text', () => {
  it('finds quotes and mentions outside code blocks, URLs and e-mail addresses, each once and bounded', () => {
    const text = '>>12 hi @Bob and @bob, mail me@carol.example, see https://x.test/@dave >>12 ```@erin >>13``` @frank_1 @ab @toolongusername_123456';
    expect(referencesIn(text)).toEqual({ quotedPostIds: [12], mentionedUsernames: ['bob', 'frank_1'] });
    expect(referencesIn('@a1c @b2c @c3c @d4c @e5c @f6c').mentionedUsernames).toHaveLength(5);
  });

  it('keeps every character of the text in its tokens', () => {
    const text = 'a @bob b >>3 c https://x.test d';
    expect(tokenizeText(text).map((token) => token.text).join('')).toBe(text);
    expect(tokenizeText(text).map((token) => token.type)).toEqual(['text', 'mention', 'text', 'quote', 'text', 'url', 'text']);
  });
});
