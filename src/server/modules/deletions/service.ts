import { and, eq, isNotNull, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { posts, threads, users } from '../../db/schema.js';
import { ForbiddenError, NotFoundError } from '../../lib/errors.js';
import { POST_NOT_FOUND, THREAD_NOT_FOUND } from '../../lib/messages.js';
import { nextThreadVersion } from '../../lib/thread-version.js';
import { eraseRevisions } from '../editing/index.js';
import { recordEvent } from '../events/index.js';
import { recordModeration } from '../moderation/index.js';
import { withdrawNotifications } from '../notifications/index.js';
import type { ReleaseImages, ReleaseLog, StoredImage } from '../uploads/index.js';

export const NOT_YOUR_THREAD = 'You can only delete your own threads';
export const NOT_YOUR_POST = 'You can only delete your own posts';

/** Who asks for a deletion: the signed-in user, with their author tags (lib/viewer.ts). */
export interface Deleter {
  id: number;
  isAdmin: boolean;
  authorTagOf?: ((threadId: number) => string) | null;
}

/**
 * Whether this is the author's own deletion or a moderator's, or neither (403): named
 * content is its account's, anonymous content its tag's (CONTRACT.md section 13). An
 * admin deleting their own content deletes it as its author: it is not a moderation
 * action and is not logged.
 */
function deletedBy(deleter: Deleter, content: { userId: number | null; authorTag: string | null; threadId: number }, refusal: string): 'author' | 'moderator' {
  const own =
    content.authorTag !== null
      ? deleter.authorTagOf != null && deleter.authorTagOf(content.threadId) === content.authorTag
      : content.userId !== null && content.userId === deleter.id;
  if (own) return 'author';
  if (deleter.isAdmin) return 'moderator';
  throw new ForbiddenError(refusal);
}

/**
 * Deleting threads and posts, by their authors or by admins (CONTRACT.md sections 6 and
 * 11): the one place content is deleted. Counts move in the deletion's transaction; only
 * moderators' deletions go to the moderation log; the images leave storage once the
 * deletion has committed.
 */
export function createDeletionService({ db, releaseImages }: { db: Db; releaseImages: ReleaseImages }) {
  return {
    /**
     * Soft-deletes a thread: it leaves every list, feed and search, and its author and
     * the authors of its live replies no longer count it. The thread's row is locked
     * first, so a reply racing this either lands before (and is counted here) or is
     * refused as a reply to a deleted thread. Its replies' images go with it.
     */
    async deleteThread(deleter: Deleter, threadId: number, log: ReleaseLog): Promise<void> {
      const images = await db.transaction(async (tx) => {
        const [thread] = await tx
          .select({ userId: threads.userId, authorTag: threads.authorTag, title: threads.title })
          .from(threads)
          .where(and(eq(threads.id, threadId), not(threads.isDeleted)))
          .for('update');
        if (!thread) throw new NotFoundError(THREAD_NOT_FOUND);
        const by = deletedBy(deleter, { ...thread, threadId }, NOT_YOUR_THREAD);
        const [own] = await tx
          .update(threads)
          .set({ isDeleted: true, deletedBy: by, updatedAt: sql`now()`, version: nextThreadVersion })
          .where(eq(threads.id, threadId))
          .returning({ imageUrl: threads.imageUrl, thumbnailUrl: threads.thumbnailUrl });
        if (thread.userId !== null) {
          await tx
            .update(users)
            .set({ threadCount: sql`${users.threadCount} - 1` })
            .where(eq(users.id, thread.userId));
        }
        const replies = tx
          .select({ userId: posts.userId, count: sql<number>`count(*)::int`.as('count') })
          .from(posts)
          .where(and(eq(posts.threadId, threadId), not(posts.isDeleted), isNotNull(posts.userId)))
          .groupBy(posts.userId)
          .as('replies');
        await tx
          .update(users)
          .set({ postCount: sql`${users.postCount} - ${replies.count}` })
          .from(replies)
          .where(eq(users.id, replies.userId));
        if (by === 'moderator') {
          await recordModeration(tx, { adminId: deleter.id, action: 'delete_thread', targetType: 'thread', targetId: threadId, details: { title: thread.title } });
        }
        await recordEvent(tx, { type: 'update', threadId });
        // Deleted content withdraws what it notified (its replies' too, and tips to it).
        await withdrawNotifications(tx, { threadId });
        // Its earlier versions (and its replies') go with it (modules/editing).
        await eraseRevisions(tx, { threadId });
        const replyImages: StoredImage[] = await tx
          .select({ imageUrl: posts.imageUrl, thumbnailUrl: posts.thumbnailUrl })
          .from(posts)
          .where(and(eq(posts.threadId, threadId), isNotNull(posts.imageUrl)));
        return [own!, ...replyImages];
      });
      await releaseImages(images, log);
    },

    /**
     * Soft-deletes a reply: it keeps its place in the thread without its content
     * (posts/serializer.ts) and its author no longer counts it. The thread's row is
     * locked first (by moving its version), so this cannot interleave with the thread's
     * own deletion and discount the same reply twice, and takes the locks in the order a
     * vote on the post does; the post's row is locked before its author is checked.
     */
    async deletePost(deleter: Deleter, postId: number, log: ReleaseLog): Promise<void> {
      const images = await db.transaction(async (tx) => {
        const [target] = await tx.select({ threadId: posts.threadId }).from(posts).where(eq(posts.id, postId));
        if (!target) throw new NotFoundError(POST_NOT_FOUND);
        // Locking the thread's row by moving its version (the page changes either way).
        const [liveThread] = await tx
          .update(threads)
          .set({ version: nextThreadVersion })
          .where(and(eq(threads.id, target.threadId), not(threads.isDeleted)))
          .returning({ id: threads.id });
        if (!liveThread) throw new NotFoundError(POST_NOT_FOUND);
        const [post] = await tx
          .select({ userId: posts.userId, authorTag: posts.authorTag, threadId: posts.threadId })
          .from(posts)
          .where(and(eq(posts.id, postId), not(posts.isDeleted)))
          .for('update');
        if (!post) throw new NotFoundError(POST_NOT_FOUND);
        const by = deletedBy(deleter, post, NOT_YOUR_POST);
        const [image] = await tx
          .update(posts)
          .set({ isDeleted: true, deletedBy: by, updatedAt: sql`now()` })
          .where(eq(posts.id, postId))
          .returning({ imageUrl: posts.imageUrl, thumbnailUrl: posts.thumbnailUrl });
        if (post.userId !== null) {
          await tx
            .update(users)
            .set({ postCount: sql`${users.postCount} - 1` })
            .where(eq(users.id, post.userId));
        }
        if (by === 'moderator') {
          await recordModeration(tx, { adminId: deleter.id, action: 'delete_post', targetType: 'post', targetId: postId, details: { threadId: post.threadId } });
        }
        await recordEvent(tx, { type: 'update', threadId: post.threadId });
        await withdrawNotifications(tx, { postId });
        await eraseRevisions(tx, { postId });
        return [image!];
      });
      await releaseImages(images, log);
    },
  };
}

export type DeletionService = ReturnType<typeof createDeletionService>;
