import type { BoardRef, Thread } from '../../../shared/api.js';
import type { threads } from '../../db/schema.js';
import type { ImageUrlOf } from '../../lib/form.js';
import { renderPostContent } from '../../lib/post-html.js';
import { posterIdOfTag } from '../../lib/author-key.js';
import { authorFields } from '../../lib/privacy.js';
import type { Viewer } from '../../lib/viewer.js';

export type ThreadRow = Omit<typeof threads.$inferSelect, 'searchVector'> & { username: string | null; board: BoardRef };

/**
 * A thread as this viewer may see it; the only way threads leave the server. The
 * hidden part of a premium thread is included only when `withPremiumContent` (the
 * thread page) and the viewer has access; posterId only on the thread page
 * (`withPosterId`), for an anonymous opening post, from its author tag. Image paths leave as `imageUrlOf` makes them.
 */
export function serializeThread(row: ThreadRow, viewer: Viewer, imageUrlOf: ImageUrlOf, access: { hasAccess: boolean; withPremiumContent?: boolean }, withPosterId = false): Thread {
  // One object literal, no spreads: lists serialize many of these per request.
  const author = authorFields(row, row.id, viewer);
  const thread: Thread = {
    id: row.id,
    boardId: row.boardId,
    board: row.board,
    title: row.title,
    content: row.content,
    contentHtml: renderPostContent(row.content),
    imageUrl: imageUrlOf(row.imageUrl),
    imageName: row.imageName,
    thumbnailUrl: imageUrlOf(row.thumbnailUrl),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    bumpedAt: row.bumpedAt.toISOString(),
    replyCount: row.replyCount,
    isSticky: row.isSticky,
    isLocked: row.isLocked,
    isAnonymous: row.isAnonymous,
    isPremium: row.isPremium,
    accessPrice: row.accessPrice,
    accessCurrency: row.accessCurrency,
    premiumContent: null,
    premiumContentHtml: null,
    hasAccess: access.hasAccess,
    totalTipsReceived: row.totalTipsReceived,
    hasPoll: row.hasPoll,
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    version: row.editVersion,
    editedAt: row.editedAt ? row.editedAt.toISOString() : null,
    userId: author.userId,
    username: author.username,
    isOwn: author.isOwn,
  };
  if (row.isPremium && access.hasAccess && access.withPremiumContent && row.premiumContent !== null) {
    thread.premiumContent = row.premiumContent;
    thread.premiumContentHtml = renderPostContent(row.premiumContent);
  }
  if (author.ipHash !== undefined) thread.ipHash = author.ipHash;
  if (withPosterId) thread.posterId = row.isAnonymous && row.authorTag !== null ? posterIdOfTag(row.authorTag) : null;
  return thread;
}
