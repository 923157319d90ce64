import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Notification } from '../../../shared/api.js';
import { NOTIFICATIONS_PER_PAGE } from '../../../shared/constants.js';
import type { Db } from '../../db/client.js';
import { notifications, users } from '../../db/schema.js';
import { createPublisher, type PublishLog } from './publish.js';

/**
 * The signed-in user's notifications (CONTRACT.md section 11). Every query is keyed by
 * the caller's own id: no route takes a user id, so no one reads or marks anyone
 * else's. Rows hold ids only; the actor's name is read at answer time, so a renamed
 * actor shows their name now and a deleted one shows as null.
 */
export function createNotificationService({ db, log }: { db: Db; log: PublishLog }) {
  const publish = createPublisher(db, log);
  return {
    /** Newest first, a page at a time: the page before `before` (an id), or the newest. */
    async list(userId: number, before: number | undefined): Promise<Notification[]> {
      const rows = await db
        .select({
          id: notifications.id,
          type: notifications.type,
          threadId: notifications.threadId,
          postId: notifications.postId,
          actorId: users.id,
          actorName: users.username,
          createdAt: notifications.createdAt,
          readAt: notifications.readAt,
        })
        .from(notifications)
        .leftJoin(users, eq(users.id, notifications.actorId))
        .where(and(eq(notifications.userId, userId), before === undefined ? undefined : lt(notifications.id, before)))
        .orderBy(desc(notifications.id))
        .limit(NOTIFICATIONS_PER_PAGE);
      return rows.map((row) => ({
        id: row.id,
        type: row.type,
        threadId: row.threadId,
        postId: row.postId,
        actor: row.actorId !== null && row.actorName !== null ? { id: row.actorId, username: row.actorName } : null,
        createdAt: row.createdAt.toISOString(),
        readAt: row.readAt?.toISOString() ?? null,
      }));
    },

    async unreadCount(userId: number): Promise<{ count: number }> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return { count: row?.count ?? 0 };
    },

    /**
     * Marks the caller's notifications read: those of `ids` that are theirs (others'
     * ids are ignored, not refused, so an answer tells nothing about them), or all.
     * The caller's other tabs hear the new count.
     */
    async markRead(userId: number, ids: number[] | undefined): Promise<void> {
      if (ids?.length === 0) return;
      const marked = await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), ids === undefined ? undefined : inArray(notifications.id, ids)))
        .returning({ id: notifications.id });
      if (marked.length > 0) await publish({ recipients: [userId], slots: 1 });
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
