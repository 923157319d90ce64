import { createHmac } from 'node:crypto';

/** How many (thread, author) pairs keep their ID in memory; the cache empties when full. */
const CACHE_MAX = 50_000;

/** The poster ID of an author's anonymous posts in one thread. */
export type PosterIdOf = (threadId: number, userId: number) => string;

/**
 * Poster IDs (CONTRACT.md section 11): 8 characters of an HMAC keyed by SECRET over the
 * thread and the author, so one author's anonymous posts in a thread share an ID,
 * another thread gives an unrelated one, and without SECRET no ID can be traced back
 * to an account. A thread page needs one per anonymous reply, so IDs are kept.
 */
export function createPosterIds(secret: string): PosterIdOf {
  const cache = new Map<string, string>();
  return (threadId, userId) => {
    const key = `${threadId}:${userId}`;
    let id = cache.get(key);
    if (id === undefined) {
      id = createHmac('sha256', secret).update(`poster-id:${key}`).digest('base64url').slice(0, 8);
      if (cache.size >= CACHE_MAX) cache.clear();
      cache.set(key, id);
    }
    return id;
  };
}
