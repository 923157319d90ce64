import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown/renderer.js';
import { referencesIn } from './post-text.js';

describe('post text', () => {
  it('finds quotes and mentions outside code, URLs and e-mail addresses, each once and bounded', () => {
    const text = '>>12 hi @Bob and @bob, mail me@carol.example, see https://x.test/@dave >>12 ```@erin >>13``` @frank_1 @ab @toolongusername_123456';
    expect(referencesIn(text)).toEqual({ quotedPostIds: [12], mentionedUsernames: ['bob', 'frank_1'] });
    expect(referencesIn('@a1c @b2c @c3c @d4c @e5c @f6c').mentionedUsernames).toHaveLength(5);
  });

  it('ignores Markdown code spans, fenced and indented blocks and link text, and reads quotes and emphasis', () => {
    const text = '`@inline >>1`\n\n```\n@fenced >>2\n```\n\n    @indented >>3\n\n[@linked >>4](https://x.test)\n\n> @quoted >>5\n\n**@strong** _>>6_ ||@hidden||';
    expect(referencesIn(text)).toEqual({ quotedPostIds: [5, 6], mentionedUsernames: ['quoted', 'strong', 'hidden'] });
  });

  it('notifies exactly the mentions and references the renderer links', () => {
    const text = 'hi @alice `@bob` >>7 and ```@carol``` @dave';
    const html = renderMarkdown(text);
    const linkedUsers = [...html.matchAll(/class="md-mention">@(\w+)</g)].map((match) => match[1]!.toLowerCase());
    const linkedPosts = [...html.matchAll(/data-post-id="(\d+)"/g)].map((match) => Number(match[1]));
    expect(referencesIn(text)).toEqual({ quotedPostIds: linkedPosts, mentionedUsernames: linkedUsers });
  });
});
