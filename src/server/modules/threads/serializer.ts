import type { BoardRef, Thread } from '../../../shared/api.js';
import type { threads } from '../../db/schema.js';
import type { ImageUrlOf } from '../../lib/form.js';
import type { PosterIdOf } from '../../lib/poster-id.js';
import { authorFields } from '../../lib/privacy.js';
import type { Viewer } from '../../lib/viewer.js';

export type ThreadRow = Omit<typeof threads.$inferSelect, 'searchVector'> & { username: string | null; board: BoardRef };

/**
 * A thread as this viewer may see it; the only way threads leave the server. The
 * hidden part of a premium thread is included only when `withPremiumContent` (the
 * thread page) and the viewer has access; posterId only on the thread page
 * (`posterIdOf` given), for an anonymous opening post. Image paths leave as `imageUrlOf` makes them.
 */
export function serializeThread(row: ThreadRow, viewer: Viewer, imageUrlOf: ImageUrlOf, access: { hasAccess: boolean; withPremiumContent?: boolean }, posterIdOf?: PosterIdOf): Thread {
  // One object literal, no spreads: lists serialize many of these per request.
  const author = authorFields(row, viewer);
  const thread: Thread = {
    id: row.id,
    boardId: row.boardId,
    board: row.board,
    title: row.title,
    content: row.content,
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
    premiumContent: row.isPremium && access.hasAccess && access.withPremiumContent ? row.premiumContent : null,
    hasAccess: access.hasAccess,
    totalTipsReceived: row.totalTipsReceived,
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    userId: author.userId,
    username: author.username,
    isOwn: author.isOwn,
  };
  if (author.ipHash !== undefined) thread.ipHash = author.ipHash;
  if (posterIdOf) thread.posterId = row.isAnonymous && row.userId !== null ? posterIdOf(row.id, row.userId) : null;
  return thread;
}
