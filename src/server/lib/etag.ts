import { hash } from 'node:crypto';

/** Weak: the same body may go out compressed or not, which a strong tag would have to tell apart. */
export const etagOf = (payload: string | Buffer) => `W/"${hash('sha1', payload, 'base64url')}"`;

/** Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  // W/"x" and "x" name the same representation.
  const opaque = etag.slice(2);
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return (tag.startsWith('W/') ? tag.slice(2) : tag) === opaque;
  });
}
