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
  /** Recipients by account: named content of theirs, their name, the users they follow. */
  recipients: number[];
  /**
   * Recipients by author tag (CONTRACT.md section 13): the author of anonymous content,
   * addressed by that content's tag so that no row names the account.
   */
  tags: string[];
  slots: number;
}

export const NOTHING_NOTIFIED: Notified = { recipients: [], tags: [], slots: 0 };

const NOTIFICATION_IDS = sql`pg_get_serial_sequence('notifications', 'id')`;

/**
 * A candidate's two recipient columns, from a thread or post row `row`: its account when
 * it is named, else its author tag (anonymous content keeps no account, section 13).
 * A deleted account's content has neither: a slot that notifies no one.
 */
const recipientOf = (row: string) =>
  sql.raw(`${row}.user_id AS recipient, CASE WHEN ${row}.user_id IS NULL THEN ${row}.author_tag END AS recipient_tag`);

/**
 * Who is chosen from `candidates`: one row per recipient (an account or a tag), the
 * lowest rank winning, except the actor themself *in the same guise*: a named actor's
 * own account (`authorId`), an anonymous actor's own tag in the thread (`authorTag`).
 * Both of those are already joined in plain sight (the named row names the account; an
 * anonymous row carries the tag), so leaving them out tells a dump nothing.
 *
 * Across guises the row is always written: an anonymous reply to its author's named post
 * (or mentioning their own name), a named reply to its author's anonymous thread or post.
 * A missing row there would be a link (CONTRACT.md section 13): anyone holding a dump
 * recomputes the candidates from the content (thread author, parent, quotes, mentions)
 * and, where the one notification that should be there is not, knows that the actor is
 * its recipient. The author never sees such a row: reading leaves out the rows about
 * their own writing (service.ts, `notAboutOwnWriting`).
 */
const notActor = (anonymous: SQL, authorId: number | null, authorTag: string | null) =>
  sql`(recipient IS NOT NULL AND (${anonymous} OR recipient IS DISTINCT FROM ${authorId}::int)
    OR recipient_tag IS NOT NULL AND (NOT ${anonymous} OR recipient_tag IS DISTINCT FROM ${authorTag}::varchar))`;

const chosenFrom = (candidates: string) =>
  sql.raw(`SELECT DISTINCT ON (recipient, recipient_tag) recipient, recipient_tag, type FROM ${candidates}
  WHERE num_nonnulls(recipient, recipient_tag) = 1 ORDER BY recipient, recipient_tag, rank`);

/**
 * Inserts one notification per recipient among `candidates` (a query answering
 * `recipient, recipient_tag, type, rank`; the lowest rank wins: reply, then quote, then
 * mention, and a mention beats a followed user's new thread), except for the actor
 * themself, and burns the ids of the slots left over.
 */
async function insertNotifications(
  db: DbOrTx,
  candidates: SQL,
  about: { threadId: number; postId: number | null; authorId: number | null; authorTag: string | null; isAnonymous: boolean },
): Promise<Notified> {
  const actor = about.isAnonymous ? null : about.authorId;
  const [row] = (
    await db.execute<{ recipients: number[] | null; tags: string[] | null; slots: number }>(sql`
      WITH candidates AS (${candidates}),
      chosen AS (${chosenFrom('candidates')}),
      notified AS (
        INSERT INTO notifications (user_id, recipient_tag, type, thread_id, post_id, actor_id)
        SELECT recipient, recipient_tag, type, ${about.threadId}::int, ${about.postId}::int, ${actor}::int FROM chosen
        WHERE ${notActor(sql`${about.isAnonymous}::boolean`, about.authorId, about.authorTag)}
        RETURNING user_id, recipient_tag),
      burned AS (
        SELECT nextval(${NOTIFICATION_IDS}) FROM generate_series(1, (SELECT count(*) FROM candidates) - (SELECT count(*) FROM notified)))
      SELECT (SELECT array_agg(user_id) FILTER (WHERE user_id IS NOT NULL) FROM notified) AS recipients,
        (SELECT array_agg(recipient_tag) FILTER (WHERE recipient_tag IS NOT NULL) FROM notified) AS tags,
        ((SELECT count(*) FROM notified) + (SELECT count(*) FROM burned))::int AS slots`)
  ).rows;
  return { recipients: row?.recipients ?? [], tags: row?.tags ?? [], slots: row?.slots ?? 0 };
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
    SELECT id AS recipient, NULL::varchar AS recipient_tag, 'mention'::text AS type, 1 AS rank FROM users WHERE lower(username) = ANY(${sql.param(mentionedUsernames)}::text[])
    UNION ALL
    SELECT follower_id, NULL, 'thread', 2 FROM followers WHERE following_id = ${thread.authorId} AND NOT ${thread.isAnonymous}::boolean`;
  return insertNotifications(db, candidates, { threadId: thread.id, postId: null, authorId: thread.authorId, authorTag: null, isAnonymous: thread.isAnonymous });
}

/**
 * What an edit notifies (CONTRACT.md section 14), in its transaction: the references its
 * new text adds to the text it replaced (quotes of live posts of the thread, for a reply;
 * mentions), each recipient once per thread or post: one already told about it (a
 * reference removed and written again, or a mention of someone the reply already
 * notified) is a slot that notifies no one. The references added are read from the two
 * public texts, so the slots an edit uses up are the same whoever wrote it (see Notified).
 * Same rules as a new post otherwise: never the author in the guise they wrote in.
 */
export function notifyAddedReferences(
  db: DbOrTx,
  edit: { threadId: number; postId: number | null; before: string; after: string; actorId: number; actorTag: string | null; isAnonymous: boolean },
): Promise<Notified> {
  const before = referencesIn(edit.before);
  const after = referencesIn(edit.after);
  const quoted = edit.postId === null ? [] : after.quotedPostIds.filter((id) => !before.quotedPostIds.includes(id));
  const mentioned = after.mentionedUsernames.filter((name) => !before.mentionedUsernames.includes(name));
  if (quoted.length === 0 && mentioned.length === 0) return Promise.resolve(NOTHING_NOTIFIED);
  const told = sql`EXISTS (SELECT 1 FROM notifications n WHERE n.thread_id = ${edit.threadId}
    AND n.post_id IS NOT DISTINCT FROM ${edit.postId}::int AND (n.user_id = c.recipient OR n.recipient_tag = c.recipient_tag))`;
  const candidates = sql`
    SELECT CASE WHEN ${told} THEN NULL ELSE c.recipient END AS recipient, CASE WHEN ${told} THEN NULL ELSE c.recipient_tag END AS recipient_tag, c.type, c.rank
    FROM (
      SELECT ${recipientOf('p')}, 'quote'::text AS type, 2 AS rank FROM posts p
      WHERE p.id = ANY(${sql.param(quoted)}::int[]) AND p.thread_id = ${edit.threadId} AND p.id IS DISTINCT FROM ${edit.postId}::int AND NOT p.is_deleted
      UNION ALL
      SELECT u.id, NULL::varchar, 'mention', 3 FROM users u WHERE lower(u.username) = ANY(${sql.param(mentioned)}::text[])) AS c`;
  return insertNotifications(db, candidates, {
    threadId: edit.threadId,
    postId: edit.postId,
    authorId: edit.actorId,
    authorTag: edit.actorTag,
    isAnonymous: edit.isAnonymous,
  });
}

/**
 * A confirmed tip's notification, in its settlement's transaction: to the author of
 * the content it paid, while that content is live: its account for named content, its
 * author tag for anonymous content (read from the content itself, so the tip's row need
 * not name the author of anonymous content). One slot whether or not anyone is told.
 * The tipper is never named: no other answer names who tipped.
 */
export function notifyTip(db: DbOrTx, tip: { threadId: number | null; postId: number | null }): Promise<Notified> {
  if (tip.threadId === null) return Promise.resolve(NOTHING_NOTIFIED);
  const content =
    tip.postId === null
      ? sql`SELECT ${recipientOf('t')} FROM threads t WHERE t.id = ${tip.threadId} AND NOT t.is_deleted`
      : sql`SELECT ${recipientOf('p')} FROM posts p JOIN threads ON threads.id = p.thread_id WHERE p.id = ${tip.postId} AND NOT p.is_deleted AND NOT threads.is_deleted`;
  const candidates = sql`SELECT c.recipient, c.recipient_tag, 'tip'::text AS type, 1 AS rank FROM (SELECT 1) AS one LEFT JOIN (${content}) AS c ON true`;
  return insertNotifications(db, candidates, { threadId: tip.threadId, postId: tip.postId, authorId: null, authorTag: null, isAnonymous: true });
}

/**
 * The reply's notifications as common table expressions of the reply's one statement
 * (modules/posts), so they exist exactly when the reply does. They read the `post`
 * expression (the new row) and `bumped` (its thread, with `user_id` and `author_tag`);
 * the statement selects `replyNotificationsResult` to learn what to publish. Same rules
 * as insertNotifications: to the thread's author and the parent post's (`reply`), the
 * authors of live posts of this thread it quotes (`quote`), by account or, for
 * anonymous content, by its author tag; the users it mentions (`mention`); one per
 * recipient, never the author in the guise they wrote in (notActor): `actor.id` is their
 * account and `actor.tag` their tag in this thread, both known to the request and
 * neither kept on an anonymous row.
 */
export function replyNotificationsCtes(content: string, actor: { id: number; tag: string | null }): SQL {
  const { quotedPostIds, mentionedUsernames } = referencesIn(content);
  return sql`
    notify_candidates AS (
      SELECT ${recipientOf('bumped')}, 'reply'::text AS type, 1 AS rank FROM bumped, post
      UNION ALL
      SELECT ${recipientOf('p')}, 'reply', 1 FROM posts p, post WHERE p.id = post.reply_to_id AND NOT p.is_deleted
      UNION ALL
      SELECT ${recipientOf('p')}, 'quote', 2 FROM posts p, post
      WHERE p.id = ANY(${sql.param(quotedPostIds)}::int[]) AND p.thread_id = post.thread_id AND p.id <> post.id AND NOT p.is_deleted
      UNION ALL
      SELECT u.id, NULL::varchar, 'mention', 3 FROM users u, post WHERE lower(u.username) = ANY(${sql.param(mentionedUsernames)}::text[])),
    notify_chosen AS (${chosenFrom('notify_candidates')}),
    notified AS (
      INSERT INTO notifications (user_id, recipient_tag, type, thread_id, post_id, actor_id)
      SELECT c.recipient, c.recipient_tag, c.type, post.thread_id, post.id, CASE WHEN post.is_anonymous THEN NULL ELSE post.user_id END
      FROM notify_chosen c, post WHERE ${notActor(sql`post.is_anonymous`, actor.id, actor.tag)}
      RETURNING user_id, recipient_tag),
    notify_burned AS (
      SELECT nextval(${NOTIFICATION_IDS}) FROM generate_series(1, (SELECT count(*) FROM notify_candidates) - (SELECT count(*) FROM notified)))`;
}

/** The columns the reply's statement selects with replyNotificationsCtes: `notified`, `notifiedTags` and `notificationSlots`. */
export const replyNotificationsResult = sql`(SELECT array_agg(user_id) FILTER (WHERE user_id IS NOT NULL) FROM notified) AS "notified",
  (SELECT array_agg(recipient_tag) FILTER (WHERE recipient_tag IS NOT NULL) FROM notified) AS "notifiedTags",
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
