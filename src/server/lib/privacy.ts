import type { Viewer } from './viewer.js';

interface Authored {
  userId: number | null;
  username: string | null;
  isAnonymous: boolean;
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
 * The author fields of a thread or post as this viewer may see them (CONTRACT.md
 * section 4): anonymous content names nobody except to admins, the author learns it
 * is theirs through isOwn, and the IP hash exists only in admins' answers.
 */
export function authorFields(content: Authored, viewer: Viewer): AuthorFields {
  const isOwn = content.userId !== null && content.userId === viewer.userId;
  const named = !content.isAnonymous || viewer.isAdmin;
  const fields: AuthorFields = {
    userId: named ? content.userId : null,
    username: named ? content.username : null,
    isOwn,
  };
  if (viewer.isAdmin) fields.ipHash = content.ipHash;
  return fields;
}
