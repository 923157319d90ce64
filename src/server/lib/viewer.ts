import type { FastifyRequest } from 'fastify';
import { type AuthorKey, authorTagsOf } from './author-key.js';
import { UnauthorizedError, UnlockRequiredError } from './errors.js';
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
  /** Signed in through a passkey that could not open the key: it waits for the password. */
  keyLocked?: boolean;
}

export const VISITOR: Viewer = { userId: null, isAdmin: false, isMember: false, authorTagOf: null, authorKey: null };

/**
 * The viewer's author tag in a thread, for writing anonymously there: a signed-in
 * viewer always has one (their session opened their key), or their session has ended.
 */
export function authorTagFor(viewer: Viewer, threadId: number): string {
  if (!viewer.authorTagOf) throw keyMissing(viewer);
  return viewer.authorTagOf(threadId);
}

/** The viewer's author key, for writing anonymously: a signed-in viewer always has one. */
export function authorKeyOf(viewer: Viewer): AuthorKey {
  if (!viewer.authorKey) throw keyMissing(viewer);
  return viewer.authorKey;
}

/** A signed-in viewer without a key: their session is locked (a passkey without PRF opened it); a visitor's ended. */
const keyMissing = (viewer: Viewer) => (viewer.userId !== null && viewer.keyLocked ? new UnlockRequiredError() : new UnauthorizedError(SESSION_ENDED));

export function viewerOf(request: FastifyRequest): Viewer {
  const user = request.user;
  if (!user) return VISITOR;
  return {
    userId: user.id,
    isAdmin: user.isAdmin,
    isMember: hasActiveMembership(user),
    authorTagOf: request.authorKey ? authorTagsOf(request.authorKey) : null,
    authorKey: request.authorKey,
    keyLocked: request.authorKeyLocked,
  };
}
