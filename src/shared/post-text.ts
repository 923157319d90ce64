// Who a post's text reaches, read from the same Markdown parse that renders it
// (markdown/renderer.ts), so a mention that notifies is exactly a mention that is
// linked: nothing inside code spans, fenced blocks or a link's text counts.
import { MENTIONS_PER_POST_MAX, QUOTES_PER_POST_MAX } from './constants.js';
import { parseMarkdown } from './markdown/renderer.js';

const POST_ID_MAX = 2_147_483_647;

/**
 * The quoted post ids and the mentioned usernames (lower-case), each once, in
 * order, bounded per post.
 */
export function referencesIn(content: string): { quotedPostIds: number[]; mentionedUsernames: string[] } {
  const quoted = new Set<number>();
  const mentioned = new Set<string>();
  for (const block of parseMarkdown(content)) {
    if (block.type !== 'inline' || !block.children) continue;
    for (const token of block.children) {
      if (token.type === 'post_reference') {
        const { postId } = token.meta as { postId: number };
        if (postId <= POST_ID_MAX && quoted.size < QUOTES_PER_POST_MAX) quoted.add(postId);
      } else if (token.type === 'mention' && mentioned.size < MENTIONS_PER_POST_MAX) {
        mentioned.add((token.meta as { username: string }).username.toLowerCase());
      }
    }
  }
  return { quotedPostIds: [...quoted], mentionedUsernames: [...mentioned] };
}
