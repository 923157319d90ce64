import { and, eq, not, sql } from 'drizzle-orm';
import type { CurrentUser, Thread } from '../../../shared/api.js';
import type { Db } from '../../db/client.js';
import { sessions, threads, users } from '../../db/schema.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import type { ImageUrlOf } from '../../lib/form.js';
import { THREAD_NOT_FOUND, USER_NOT_FOUND } from '../../lib/messages.js';
import type { Viewer } from '../../lib/viewer.js';
import { nextThreadVersion } from '../../lib/thread-version.js';
import { endSessions, recordEvent } from '../events/index.js';
import { premiumAccessSet } from '../premium/index.js';
import { findThread, serializeThread } from '../threads/index.js';
import { serializeCurrentUser } from '../users/index.js';
import { listModerationLog, recordModeration } from './log.js';
import { listPublicModerationLog } from './public-log.js';

export const CANNOT_SUSPEND_SELF = 'You cannot suspend your own account';

type Flag = 'isSticky' | 'isLocked';
const flagActions = { isSticky: ['sticky', 'unsticky'], isLocked: ['lock', 'unlock'] } as const;

/**
 * What admins do to content and accounts: pin, lock, suspend. Each change and its
 * moderation log entry commit together. Deleting content, which authors do too, is the
 * deletions module's (it records admins' deletions here, through recordModeration).
 */
export function createModerationService(db: Db, imageUrlOf: ImageUrlOf) {
  async function serializeForAdmin(id: number, adminId: number): Promise<Thread> {
    const row = await findThread(db, id);
    if (!row) throw new NotFoundError(THREAD_NOT_FOUND);
    const viewer: Viewer = { userId: adminId, isAdmin: true, isMember: false };
    const access = await premiumAccessSet(db, viewer, [row]);
    return serializeThread(row, viewer, imageUrlOf, { hasAccess: access.has(row.id), withPremiumContent: true });
  }

  return {
    /** The moderation log, newest first, a page at a time before `beforeId`. */
    log: (query: { beforeId?: number | undefined } = {}) => listModerationLog(db, query),

    /** The public log: no moderator, no ipHash (public-log.ts). */
    publicLog: (query: { beforeId?: number | undefined } = {}) => listPublicModerationLog(db, query),

    /** Sets isSticky or isLocked on a live thread; the answer is the thread as the admin sees it. */
    async setThreadFlag(adminId: number, threadId: number, flag: Flag, value: boolean): Promise<Thread> {
      await db.transaction(async (tx) => {
        const [thread] = await tx
          .update(threads)
          .set({ [flag]: value, version: nextThreadVersion })
          .where(and(eq(threads.id, threadId), not(threads.isDeleted)))
          .returning({ title: threads.title });
        if (!thread) throw new NotFoundError(THREAD_NOT_FOUND);
        const [on, off] = flagActions[flag];
        await recordModeration(tx, { adminId, action: value ? on : off, targetType: 'thread', targetId: threadId, details: { title: thread.title } });
        await recordEvent(tx, { type: 'update', threadId });
      });
      return serializeForAdmin(threadId, adminId);
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
        // Their open event streams end with the sessions, on every instance, at commit.
        if (!isActive) await endSessions(tx, eq(sessions.userId, userId));
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
