import { and, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Notification } from '../../../shared/api.js';
import { NOTIFICATIONS_PER_PAGE } from '../../../shared/constants.js';
import type { Db } from '../../db/client.js';
import { notifications, users } from '../../db/schema.js';
import type { AuthorKey } from '../../lib/author-key.js';
import { listAuthorTags } from '../../lib/authored-threads.js';
import { createPublisher, type PublishLog } from './publish.js';

/**
 * Whose notifications a request reads: the signed-in account's own rows, and the rows
 * addressed to its author tags (its anonymous writing's, CONTRACT.md section 13), which
 * only its key computes.
 */
export interface Recipient {
  userId: number;
  tags: string[];
}

const addressedTo = ({ userId, tags }: Recipient): SQL =>
  tags.length === 0
    ? eq(notifications.userId, userId)
    : or(eq(notifications.userId, userId), sql`${notifications.recipientTag} = ANY(${sql.param(tags)}::text[])`)!;

/**
 * Leaves out the rows about the reader's own writing: no one is told of their own action
 * (CONTRACT.md section 11). Such rows exist only across guises (create.ts, notActor: a
 * named reply to the reader's own anonymous post, an anonymous reply to or mention of
 * the reader's named self), written so that a dump cannot spot the one row missing. The
 * row's subject is the actor's writing (the post, or the thread when there is no post),
 * except for a tip, whose subject is the recipient's own content.
 */
const notAboutOwnWriting = ({ userId, tags }: Recipient): SQL => sql`NOT (${notifications.type} <> 'tip' AND CASE
    WHEN ${notifications.postId} IS NOT NULL THEN EXISTS (SELECT 1 FROM posts p WHERE p.id = ${notifications.postId}
      AND (p.user_id = ${userId} OR p.author_tag = ANY(${sql.param(tags)}::text[])))
    ELSE EXISTS (SELECT 1 FROM threads t WHERE t.id = ${notifications.threadId}
      AND (t.user_id = ${userId} OR t.author_tag = ANY(${sql.param(tags)}::text[]))) END)`;

/**
 * The signed-in user's notifications (CONTRACT.md section 11). Every query is keyed by
 * the caller's own id and tags: no route takes a user id or a tag, so no one reads or
 * marks anyone else's. Rows hold ids only; the actor's name is read at answer time, so
 * a renamed actor shows their name now and a deleted one shows as null.
 */
export function createNotificationService({ db, log }: { db: Db; log: PublishLog }) {
  const publish = createPublisher(db, log);
  return {
    /** The recipient a signed-in request reads as: its account, and the tags its key finds. */
    async recipient(userId: number, authorKey: AuthorKey | null | undefined): Promise<Recipient> {
      return { userId, tags: authorKey ? await listAuthorTags(db, authorKey) : [] };
    },

    /** Newest first, a page at a time: the page before `before` (an id), or the newest. */
    async list(recipient: Recipient, before: number | undefined): Promise<Notification[]> {
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
        .where(and(addressedTo(recipient), notAboutOwnWriting(recipient), before === undefined ? undefined : lt(notifications.id, before)))
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

    async unreadCount(recipient: Recipient): Promise<{ count: number }> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(addressedTo(recipient), notAboutOwnWriting(recipient), isNull(notifications.readAt)));
      return { count: row?.count ?? 0 };
    },

    /**
     * The unread count in its two parts, the account's rows and the tags', for a live
     * stream (modules/events), both without the rows about the reader's own writing (an
     * account's event counts them as written, so that its count moves as anyone's would).
     */
    async unreadParts(recipient: Recipient): Promise<{ account: number; tags: number }> {
      const { userId, tags } = recipient;
      const own = notAboutOwnWriting(recipient);
      const [row] = (
        await db.execute<{ account: number; tags: number }>(sql`
          SELECT (SELECT count(*) FROM ${notifications} WHERE ${notifications.userId} = ${userId} AND ${notifications.readAt} IS NULL AND ${own})::int AS account,
            (SELECT count(*) FROM ${notifications} WHERE ${notifications.recipientTag} = ANY(${sql.param(tags)}::text[]) AND ${notifications.readAt} IS NULL AND ${own})::int AS tags`)
      ).rows;
      return { account: row?.account ?? 0, tags: row?.tags ?? 0 };
    },

    /**
     * Marks the caller's notifications read: those of `ids` that are theirs (others'
     * ids are ignored, not refused, so an answer tells nothing about them), or all.
     * The caller's other tabs hear the new count.
     *
     * The account's rows and the tags' rows are marked by two statements, each its own
     * transaction, and a tag's row keeps no time of reading: its `read_at` is its
     * `created_at`. One `now()` (or one transaction) on both would tie each tag to the
     * account in a dump; the time a tag's rows were read would tie them to the account's
     * other traces of that moment, and the tags to one another.
     */
    async markRead(recipient: Recipient, ids: number[] | undefined): Promise<void> {
      if (ids?.length === 0) return;
      const which = ids === undefined ? undefined : inArray(notifications.id, ids);
      const marked = await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.userId, recipient.userId), isNull(notifications.readAt), which))
        .returning({ id: notifications.id });
      const markedTags =
        recipient.tags.length === 0
          ? []
          : await db
              .update(notifications)
              .set({ readAt: sql`${notifications.createdAt}` })
              .where(and(sql`${notifications.recipientTag} = ANY(${sql.param(recipient.tags)}::text[])`, isNull(notifications.readAt), which))
              .returning({ tag: notifications.recipientTag });
      // One event, on one topic: the account's when its rows changed, else one marked
      // tag's (two at once, in one instant, would tie them). Its streams watch both and count both.
      if (marked.length > 0) await publish({ recipients: [recipient.userId], tags: [], slots: 1 });
      else if (markedTags[0]?.tag) await publish({ recipients: [], tags: [markedTags[0].tag], slots: 1 });
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
