import type { Viewer } from './viewer.js';

interface Authored {
  userId: number | null;
  username: string | null;
  isAnonymous: boolean;
  /** An anonymous row's author tag (lib/author-key.ts). */
  authorTag: string | null;
  ipHash: string | null;
}

export interface AuthorFields {
  userId: number | null;
  username: string | null;
  /** True for the author themself, so they can recognise their anonymous posts. */
  isOwn: boolean;
  /** Present for admins only. */
  ipHash?: string | null;
}

/**
 * The author fields of a thread or post (in thread `threadId`) as this viewer may see
 * them (CONTRACT.md sections 4 and 13): anonymous content names nobody, admins
 * included; its author learns it is theirs through isOwn, told by their key's tag for
 * the thread, never by an account id; the IP hash exists only in admins' answers.
 */
export function authorFields(content: Authored, threadId: number, viewer: Viewer): AuthorFields {
  const named = !content.isAnonymous;
  const isOwn = named
    ? content.userId !== null && content.userId === viewer.userId
    : content.authorTag !== null && viewer.authorTagOf != null && viewer.authorTagOf(threadId) === content.authorTag;
  const fields: AuthorFields = {
    userId: named ? content.userId : null,
    username: named ? content.username : null,
    isOwn,
  };
  if (viewer.isAdmin) fields.ipHash = content.ipHash;
  return fields;
}
