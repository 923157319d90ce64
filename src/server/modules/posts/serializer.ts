import type { Post } from '../../../shared/api.js';
import type { posts } from '../../db/schema.js';
import type { ImageUrlOf } from '../../lib/form.js';
import { renderPostContent } from '../../lib/post-html.js';
import { posterIdOfTag } from '../../lib/author-key.js';
import { authorFields } from '../../lib/privacy.js';
import type { Viewer } from '../../lib/viewer.js';

export type PostRow = Omit<typeof posts.$inferSelect, 'searchVector'> & { username: string | null };

/**
 * A post as this viewer may see it. A deleted post keeps its place in the thread but
 * loses its content, image and author (CONTRACT.md section 5); admins keep its IP
 * hash so they can still ban the poster. In a thread view (`withPosterId`) every post
 * carries posterId: an ID from its author tag for anonymous posts, null for named and
 * deleted ones.
 * Image paths leave as `imageUrlOf` makes them.
 */
export function serializePost(row: PostRow, viewer: Viewer, imageUrlOf: ImageUrlOf, withPosterId = false): Post {
  // One object literal per post, no spreads: a thread page serializes a hundred of these per request.
  const deleted = row.isDeleted;
  const author = deleted ? null : authorFields(row, row.threadId, viewer);
  const post: Post = {
    id: row.id,
    threadId: row.threadId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    replyToId: row.replyToId,
    isAnonymous: row.isAnonymous,
    isDeleted: deleted,
    // Every deleted row says who (migration 0002 marked older deletions as a moderator's).
    deletedBy: deleted ? (row.deletedBy ?? 'moderator') : null,
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    version: row.editVersion,
    editedAt: deleted || !row.editedAt ? null : row.editedAt.toISOString(),
    content: deleted ? '' : row.content,
    contentHtml: deleted ? '' : renderPostContent(row.content),
    imageUrl: deleted ? null : imageUrlOf(row.imageUrl),
    imageName: deleted ? null : row.imageName,
    thumbnailUrl: deleted ? null : imageUrlOf(row.thumbnailUrl),
    userId: author ? author.userId : null,
    username: author ? author.username : null,
    isOwn: author ? author.isOwn : false,
  };
  if (withPosterId) post.posterId = !deleted && row.isAnonymous && row.authorTag !== null ? posterIdOfTag(row.authorTag) : null;
  if (author) {
    if (author.ipHash !== undefined) post.ipHash = author.ipHash;
  } else if (viewer.isAdmin) {
    post.ipHash = row.ipHash;
  }
  return post;
}
