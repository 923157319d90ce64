import { and, eq, isNotNull, not, sql } from 'drizzle-orm';
import type { CurrentUser, Thread } from '../../../shared/api.js';
import type { Db } from '../../db/client.js';
import { posts, sessions, threads, users } from '../../db/schema.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import { POST_NOT_FOUND, THREAD_NOT_FOUND, USER_NOT_FOUND } from '../../lib/messages.js';
import type { Viewer } from '../../lib/viewer.js';
import { premiumAccessSet } from '../premium/index.js';
import { findThread, serializeThread } from '../threads/index.js';
import { serializeCurrentUser } from '../users/index.js';
import { listModerationLog, recordModeration } from './log.js';

export const CANNOT_SUSPEND_SELF = 'You cannot suspend your own account';

type Flag = 'isSticky' | 'isLocked';
const flagActions = { isSticky: ['sticky', 'unsticky'], isLocked: ['lock', 'unlock'] } as const;

/**
 * What admins do to content and accounts: pin, lock, delete, suspend. Each change and
 * its moderation log entry commit together; counters move in the same transaction.
 */
export function createModerationService(db: Db) {
  async function serializeForAdmin(id: number, adminId: number): Promise<Thread> {
    const row = await findThread(db, id);
    if (!row) throw new NotFoundError(THREAD_NOT_FOUND);
    const viewer: Viewer = { userId: adminId, isAdmin: true, isMember: false };
    const access = await premiumAccessSet(db, viewer, [row]);
    return serializeThread(row, viewer, { hasAccess: access.has(row.id), withPremiumContent: true });
  }

  return {
    /** The moderation log, newest first, a page at a time before `beforeId`. */
    log: (query: { beforeId?: number | undefined } = {}) => listModerationLog(db, query),

    /** Sets isSticky or isLocked on a live thread; the answer is the thread as the admin sees it. */
    async setThreadFlag(adminId: number, threadId: number, flag: Flag, value: boolean): Promise<Thread> {
      await db.transaction(async (tx) => {
        const [thread] = await tx
          .update(threads)
          .set({ [flag]: value })
          .where(and(eq(threads.id, threadId), not(threads.isDeleted)))
          .returning({ title: threads.title });
        if (!thread) throw new NotFoundError(THREAD_NOT_FOUND);
        const [on, off] = flagActions[flag];
        await recordModeration(tx, { adminId, action: value ? on : off, targetType: 'thread', targetId: threadId, details: { title: thread.title } });
      });
      return serializeForAdmin(threadId, adminId);
    },

    /**
     * Soft-deletes a thread: it leaves every list, feed and search, and its author and
     * the authors of its live replies no longer count it. Updating the thread row first
     * locks it, so a reply racing this either lands before (and is counted here) or is
     * refused as a reply to a deleted thread.
     */
    async deleteThread(adminId: number, threadId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [thread] = await tx
          .update(threads)
          .set({ isDeleted: true, updatedAt: sql`now()` })
          .where(and(eq(threads.id, threadId), not(threads.isDeleted)))
          .returning({ userId: threads.userId, title: threads.title });
        if (!thread) throw new NotFoundError(THREAD_NOT_FOUND);
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
        await recordModeration(tx, { adminId, action: 'delete_thread', targetType: 'thread', targetId: threadId, details: { title: thread.title } });
      });
    },

    /**
     * Soft-deletes a reply: it keeps its place in the thread without its content
     * (posts/serializer.ts) and its author no longer counts it. The thread's row is
     * share-locked first, so this cannot interleave with the thread's own deletion and
     * discount the same reply twice.
     */
    async deletePost(adminId: number, postId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [target] = await tx.select({ threadId: posts.threadId }).from(posts).where(eq(posts.id, postId));
        if (!target) throw new NotFoundError(POST_NOT_FOUND);
        const [liveThread] = await tx
          .select({ id: threads.id })
          .from(threads)
          .where(and(eq(threads.id, target.threadId), not(threads.isDeleted)))
          .for('share');
        if (!liveThread) throw new NotFoundError(POST_NOT_FOUND);
        const [post] = await tx
          .update(posts)
          .set({ isDeleted: true, updatedAt: sql`now()` })
          .where(and(eq(posts.id, postId), not(posts.isDeleted)))
          .returning({ userId: posts.userId, threadId: posts.threadId });
        if (!post) throw new NotFoundError(POST_NOT_FOUND);
        if (post.userId !== null) {
          await tx
            .update(users)
            .set({ postCount: sql`${users.postCount} - 1` })
            .where(eq(users.id, post.userId));
        }
        await recordModeration(tx, { adminId, action: 'delete_post', targetType: 'post', targetId: postId, details: { threadId: post.threadId } });
      });
    },

    /**
     * Suspends (isActive false) or reactivates an account. Suspension ends every session
     * of the account at once; login then answers 403 (modules/auth/routes.ts).
     */
    async setUserActive(adminId: number, userId: number, isActive: boolean): Promise<CurrentUser> {
      if (userId === adminId && !isActive) throw new BadRequestError(CANNOT_SUSPEND_SELF);
      return db.transaction(async (tx) => {
        const [user] = await tx.update(users).set({ isActive, updatedAt: sql`now()` }).where(eq(users.id, userId)).returning();
        if (!user) throw new NotFoundError(USER_NOT_FOUND);
        if (!isActive) await tx.delete(sessions).where(eq(sessions.userId, userId));
        await recordModeration(tx, {
          adminId,
          action: isActive ? 'reactivate' : 'suspend',
          targetType: 'user',
          targetId: userId,
          details: { username: user.username },
        });
        return serializeCurrentUser(user);
      });
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
