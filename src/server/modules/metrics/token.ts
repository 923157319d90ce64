import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether an Authorization header is `Bearer <token>`. Both sides are hashed first, so
 * the comparison takes the same time whatever the header's length and however much of it
 * matches: a wrong guess teaches nothing about the token.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}
