import type { FastifyRequest } from 'fastify';
import { type AuthorKey, authorTagsOf } from './author-key.js';
import { UnauthorizedError } from './errors.js';
import { hasActiveMembership } from './membership.js';
import { SESSION_ENDED } from './messages.js';

/** Who is looking: what every privacy rule (CONTRACT.md section 4) is decided on. */
export interface Viewer {
  userId: number | null;
  isAdmin: boolean;
  /** An active premium member: sees every premium thread's hidden part. */
  isMember: boolean;
  /**
   * The viewer's author tag in a thread (lib/author-key.ts), from the key their session
   * opened: how they recognise their anonymous writing. Null for visitors.
   */
  authorTagOf?: ((threadId: number) => string) | null;
  /** The key itself, for the writes that list the viewer's anonymous threads (lib/authored-threads.ts). */
  authorKey?: AuthorKey | null;
}

export const VISITOR: Viewer = { userId: null, isAdmin: false, isMember: false, authorTagOf: null, authorKey: null };

/**
 * The viewer's author tag in a thread, for writing anonymously there: a signed-in
 * viewer always has one (their session opened their key), or their session has ended.
 */
export function authorTagFor(viewer: Viewer, threadId: number): string {
  if (!viewer.authorTagOf) throw new UnauthorizedError(SESSION_ENDED);
  return viewer.authorTagOf(threadId);
}

/** The viewer's author key, for writing anonymously: a signed-in viewer always has one. */
export function authorKeyOf(viewer: Viewer): AuthorKey {
  if (!viewer.authorKey) throw new UnauthorizedError(SESSION_ENDED);
  return viewer.authorKey;
}

export function viewerOf(request: FastifyRequest): Viewer {
  const user = request.user;
  if (!user) return VISITOR;
  return {
    userId: user.id,
    isAdmin: user.isAdmin,
    isMember: hasActiveMembership(user),
    authorTagOf: request.authorKey ? authorTagsOf(request.authorKey) : null,
    authorKey: request.authorKey,
  };
}
