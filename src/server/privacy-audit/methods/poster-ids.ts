import { createHmac } from 'node:crypto';
import { authorTag, unescrow } from '../../lib/author-key.js';
import type { Snapshot } from '../load.js';
import type { Candidate } from '../types.js';

/** The poster ID before sealed authorship: an HMAC keyed by SECRET over the thread and the account. */
export const oldPosterId = (secret: string, threadId: number, userId: number) =>
  createHmac('sha256', secret).update(`poster-id:${threadId}:${userId}`).digest('base64url').slice(0, 8);

/**
 * (d) Poster IDs recomputed with SECRET: the old formula for every (thread, account),
 * compared with the ID the item shows and every token it keeps (a failure for any
 * account); then every author key that SECRET opens (accounts still in escrow) tried on
 * each item's author tag, which the shown ID derives from: a separate class, allowed,
 * as those accounts are sealed at their next sign-in.
 */
export function posterIds(snapshot: Snapshot, secret: string): Candidate[] {
  const found: Candidate[] = [];
  const byThread = new Map<number, typeof items>();
  const items = [...snapshot.items.values()];
  for (const item of items) byThread.set(item.threadId, [...(byThread.get(item.threadId) ?? []), item]);
  for (const [threadId, inThread] of byThread)
    for (const user of snapshot.users) {
      const id = oldPosterId(secret, threadId, user.id);
      for (const item of inThread) {
        const where = item.posterId === id ? `${item.table}.poster_id (shown)` : item.tokens.find((token) => token.value === id)?.path;
        if (where)
          found.push({ method: 'poster-ids', class: 'link', item: item.key, userId: user.id, where, detail: `HMAC(SECRET, poster-id:thread:account) of ${item.key}` });
      }
    }
  for (const user of snapshot.users) {
    if (user.escrow === null) continue;
    const key = unescrow(user.escrow, secret);
    if (key === null) continue;
    for (const item of items)
      if (item.authorTag !== null && authorTag(key, item.threadId) === item.authorTag)
        found.push({
          method: 'poster-ids',
          class: 'escrow',
          item: item.key,
          userId: user.id,
          where: `${item.table}.author_tag`,
          detail: 'the author key in escrow under SECRET gives this author tag and poster ID (until the account signs in)',
        });
  }
  return found;
}
