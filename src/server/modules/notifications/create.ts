import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { referencesIn } from '../../../shared/post-text.js';

/**
 * What a write notified, for publishing after it commits (publish.ts): the recipients,
 * and how many notification slots it had. A slot is one candidate recipient found from
 * what anyone can see (the thread's author, the parent post's, each live quoted post's,
 * each existing mentioned user, each follower of a named author), before the rules
 * that depend on who the anonymous author is (no one is notified of their own action;
 * one notification per recipient). Every slot uses up exactly one notification id and,
 * once published, one event id, given or not: so the ids others see move by the same
 * amount whoever wrote an anonymous post, and cannot tell that an anonymous reply is
 * its thread's author's, or that the post it answers and the user it mentions are one
 * person (CONTRACT.md section 4: nothing links anonymous content to its author).
 */
export interface Notified {
  recipients: number[];
  slots: number;
}

export const NOTHING_NOTIFIED: Notified = { recipients: [], slots: 0 };

const NOTIFICATION_IDS = sql`pg_get_serial_sequence('notifications', 'id')`;

/**
 * Inserts one notification per recipient among `candidates` (a query answering
 * `recipient, type, rank`; the lowest rank wins: reply, then quote, then mention, and
 * a mention beats a followed user's new thread), except for the actor themself, and
 * burns the ids of the slots left over.
 */
async function insertNotifications(
  db: DbOrTx,
  candidates: SQL,
  about: { threadId: number; postId: number | null; authorId: number | null; isAnonymous: boolean },
): Promise<Notified> {
  const actor = about.isAnonymous ? null : about.authorId;
  const [row] = (
    await db.execute<{ recipients: number[] | null; slots: number }>(sql`
      WITH candidates AS (${candidates}),
      chosen AS (
        SELECT DISTINCT ON (recipient) recipient, type FROM candidates WHERE recipient IS NOT NULL ORDER BY recipient, rank),
      notified AS (
        INSERT INTO notifications (user_id, type, thread_id, post_id, actor_id)
        SELECT recipient, type, ${about.threadId}::int, ${about.postId}::int, ${actor}::int FROM chosen
        WHERE recipient IS DISTINCT FROM ${about.authorId}::int
        RETURNING user_id),
      burned AS (
        SELECT nextval(${NOTIFICATION_IDS}) FROM generate_series(1, (SELECT count(*) FROM candidates) - (SELECT count(*) FROM notified)))
      SELECT (SELECT array_agg(user_id) FROM notified) AS recipients,
        ((SELECT count(*) FROM notified) + (SELECT count(*) FROM burned))::int AS slots`)
  ).rows;
  return { recipients: row?.recipients ?? [], slots: row?.slots ?? 0 };
}

/**
 * A new thread's notifications, in its transaction: users mentioned in its public
 * content (never in the premium part, which is not passed here), and, for a named
 * thread only, its author's followers (an anonymous thread must not tell them).
 */
export function notifyNewThread(
  db: DbOrTx,
  thread: { id: number; authorId: number; isAnonymous: boolean; content: string },
): Promise<Notified> {
  const { mentionedUsernames } = referencesIn(thread.content);
  const candidates = sql`
    SELECT id AS recipient, 'mention'::text AS type, 1 AS rank FROM users WHERE lower(username) = ANY(${sql.param(mentionedUsernames)}::text[])
    UNION ALL
    SELECT follower_id, 'thread', 2 FROM followers WHERE following_id = ${thread.authorId} AND NOT ${thread.isAnonymous}::boolean`;
  return insertNotifications(db, candidates, { threadId: thread.id, postId: null, authorId: thread.authorId, isAnonymous: thread.isAnonymous });
}

/**
 * A confirmed tip's notification, in its settlement's transaction: to the author of
 * the content it paid, while that content is live. The tipper is never named: no
 * other answer names who tipped.
 */
export function notifyTip(db: DbOrTx, tip: { threadId: number | null; postId: number | null; recipientUserId: number | null }): Promise<Notified> {
  if (tip.threadId === null) return Promise.resolve(NOTHING_NOTIFIED);
  const live =
    tip.postId === null
      ? sql`EXISTS (SELECT 1 FROM threads WHERE id = ${tip.threadId} AND NOT is_deleted)`
      : sql`EXISTS (SELECT 1 FROM posts JOIN threads ON threads.id = posts.thread_id WHERE posts.id = ${tip.postId} AND NOT posts.is_deleted AND NOT threads.is_deleted)`;
  const candidates = sql`SELECT CASE WHEN ${live} THEN ${tip.recipientUserId}::int END AS recipient, 'tip'::text AS type, 1 AS rank`;
  return insertNotifications(db, candidates, { threadId: tip.threadId, postId: tip.postId, authorId: null, isAnonymous: true });
}

/**
 * The reply's notifications as common table expressions of the reply's one statement
 * (modules/posts), so they exist exactly when the reply does. They read the `post`
 * expression (the new row) and `bumped` (its thread, with `user_id`); the statement
 * selects `replyNotificationsResult` to learn what to publish. Same rules as
 * insertNotifications: to the thread's author and the parent post's (`reply`), the
 * authors of live posts of this thread it quotes (`quote`), the users it mentions
 * (`mention`); one per recipient, never the author (`authorId`: known to the request,
 * not kept on an anonymous row), and the spare slots' ids burned.
 */
export function replyNotificationsCtes(content: string, authorId: number): SQL {
  const { quotedPostIds, mentionedUsernames } = referencesIn(content);
  return sql`
    notify_candidates AS (
      SELECT bumped.user_id AS recipient, 'reply'::text AS type, 1 AS rank FROM bumped, post
      UNION ALL
      SELECT p.user_id, 'reply', 1 FROM posts p, post WHERE p.id = post.reply_to_id AND NOT p.is_deleted
      UNION ALL
      SELECT p.user_id, 'quote', 2 FROM posts p, post
      WHERE p.id = ANY(${sql.param(quotedPostIds)}::int[]) AND p.thread_id = post.thread_id AND p.id <> post.id AND NOT p.is_deleted
      UNION ALL
      SELECT u.id, 'mention', 3 FROM users u, post WHERE lower(u.username) = ANY(${sql.param(mentionedUsernames)}::text[])),
    notify_chosen AS (
      SELECT DISTINCT ON (recipient) recipient, type FROM notify_candidates WHERE recipient IS NOT NULL ORDER BY recipient, rank),
    notified AS (
      INSERT INTO notifications (user_id, type, thread_id, post_id, actor_id)
      SELECT c.recipient, c.type, post.thread_id, post.id, CASE WHEN post.is_anonymous THEN NULL ELSE post.user_id END
      FROM notify_chosen c, post WHERE c.recipient IS DISTINCT FROM ${authorId}::int
      RETURNING user_id),
    notify_burned AS (
      SELECT nextval(${NOTIFICATION_IDS}) FROM generate_series(1, (SELECT count(*) FROM notify_candidates) - (SELECT count(*) FROM notified)))`;
}

/** The columns the reply's statement selects with replyNotificationsCtes: `notified` and `notificationSlots`. */
export const replyNotificationsResult = sql`(SELECT array_agg(user_id) FROM notified) AS "notified",
  ((SELECT count(*) FROM notified) + (SELECT count(*) FROM notify_burned))::int AS "notificationSlots"`;

/**
 * Withdraws the notifications about a deleted thread (all of them: its replies go with
 * it) or a deleted post, in the deletion's transaction.
 */
export async function withdrawNotifications(db: DbOrTx, about: { threadId: number } | { postId: number }): Promise<void> {
  await db.execute(
    'threadId' in about
      ? sql`DELETE FROM notifications WHERE thread_id = ${about.threadId}`
      : sql`DELETE FROM notifications WHERE post_id = ${about.postId}`,
  );
}
