import type { Post } from '../../../shared/api.js';
import type { posts } from '../../db/schema.js';
import { authorFields } from '../../lib/privacy.js';
import type { Viewer } from '../../lib/viewer.js';

export type PostRow = Omit<typeof posts.$inferSelect, 'searchVector'> & { username: string | null };

/**
 * A post as this viewer may see it. A deleted post keeps its place in the thread but
 * loses its content, image and author (CONTRACT.md section 5); admins keep its IP
 * hash so they can still ban the poster.
 */
export function serializePost(row: PostRow, viewer: Viewer): Post {
  const base = {
    id: row.id,
    threadId: row.threadId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    replyToId: row.replyToId,
    isAnonymous: row.isAnonymous,
    isDeleted: row.isDeleted,
    upvotes: row.upvotes,
    downvotes: row.downvotes,
  };
  if (row.isDeleted) {
    return {
      ...base,
      content: '',
      imageUrl: null,
      imageName: null,
      thumbnailUrl: null,
      userId: null,
      username: null,
      isOwn: false,
      ...(viewer.isAdmin ? { ipHash: row.ipHash } : {}),
    };
  }
  return {
    ...base,
    content: row.content,
    imageUrl: row.imageUrl,
    imageName: row.imageName,
    thumbnailUrl: row.thumbnailUrl,
    ...authorFields(row, viewer),
  };
}
