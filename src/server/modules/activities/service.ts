import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Activity } from '../../../shared/api.js';
import type { DbOrTx } from '../../db/client.js';
import { userActivities } from '../../db/schema.js';
import type { AuthorKey } from '../../lib/author-key.js';
import { authoredPairs } from '../../lib/authored-threads.js';

/** Every kind of action a user's activity timeline shows, with what it needs to be described. */
export type ActivityEvent =
  | { type: 'thread_created'; threadId: number; title: string }
  | { type: 'reply_created'; threadId: number; postId: number; title: string }
  | { type: 'followed'; userId: number; username: string }
  | { type: 'unfollowed'; userId: number; username: string }
  | { type: 'profile_updated'; fields: string[] }
  | { type: 'tip_sent'; amount: string; currency: string; threadId: number | null; postId: number | null }
  | { type: 'premium_access_purchased'; threadId: number; amount: string; currency: string }
  | { type: 'membership_purchased'; plan: string; amount: string; currency: string };

/**
 * Records an action in the actor's own timeline, in the caller's transaction so the
 * activity exists exactly when the action does. Only actions done under the actor's
 * name: an entry naming them beside anonymous writing or a vote would say whose it is
 * (CONTRACT.md section 13), and no entry keeps an IP hash.
 */
export async function recordActivity(db: DbOrTx, userId: number, event: ActivityEvent): Promise<void> {
  const { type, ...data } = event;
  await db.insert(userActivities).values({ userId, activityType: type, activityData: data });
}

const quoted = (title: string) => `"${title.length > 60 ? `${title.slice(0, 57)}...` : title}"`;

/** The timeline line and link for an event (SPEC.md: description and optional View link). */
export function describeActivity(event: ActivityEvent): { description: string; linkUrl: string | null } {
  switch (event.type) {
    case 'thread_created':
      return { description: `Created thread ${quoted(event.title)}`, linkUrl: `/thread/${event.threadId}` };
    case 'reply_created':
      return { description: `Replied in ${quoted(event.title)}`, linkUrl: `/thread/${event.threadId}#post-${event.postId}` };
    case 'followed':
      return { description: `Followed ${event.username}`, linkUrl: `/users/${event.userId}` };
    case 'unfollowed':
      return { description: `Unfollowed ${event.username}`, linkUrl: `/users/${event.userId}` };
    case 'profile_updated':
      return { description: `Updated profile (${event.fields.join(', ')})`, linkUrl: null };
    case 'tip_sent':
      return {
        description: `Sent a tip of ${event.amount} ${event.currency}`,
        linkUrl: event.threadId ? (event.postId ? `/thread/${event.threadId}#post-${event.postId}` : `/thread/${event.threadId}`) : null,
      };
    case 'premium_access_purchased':
      return { description: `Unlocked a premium thread for ${event.amount} ${event.currency}`, linkUrl: `/thread/${event.threadId}` };
    case 'membership_purchased':
      return { description: `Bought a ${event.plan} premium membership`, linkUrl: '/premium' };
  }
}

/** A user's timeline, newest first, 50 at a time before `beforeId`. */
export async function listActivities(db: DbOrTx, userId: number, beforeId?: number): Promise<Activity[]> {
  const rows = await db
    .select({ id: userActivities.id, createdAt: userActivities.createdAt, activityType: userActivities.activityType, activityData: userActivities.activityData })
    .from(userActivities)
    .where(beforeId ? and(eq(userActivities.userId, userId), lt(userActivities.id, beforeId)) : eq(userActivities.userId, userId))
    .orderBy(desc(userActivities.createdAt), desc(userActivities.id))
    .limit(50);
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    ...describeActivity({ type: row.activityType, ...(row.activityData as object) } as ActivityEvent),
  }));
}

const ANONYMOUS_ENTRIES = 50;

/**
 * The owner's anonymous threads and replies as timeline entries, newest first. They
 * have no row of their own (an entry naming the account beside them would say whose
 * they are, CONTRACT.md section 13): they are found at read time through the owner's
 * key, as the (thread, tag) pairs of the threads on their sealed list. Their ids are
 * negative, so they never meet an entry's: -2n for thread n, -(2n + 1) for reply n.
 */
async function listAnonymousActivities(db: DbOrTx, key: AuthorKey): Promise<(Activity & { at: number })[]> {
  const own = await authoredPairs(db, key);
  if (!own) return [];
  const pairs = own.rows;
  const [threadRows, postRows] = await Promise.all([
    db.execute<{ id: number; title: string; created_at: string }>(sql`
      SELECT id, title, created_at FROM threads WHERE (id, author_tag) IN ${pairs} AND NOT is_deleted
      ORDER BY created_at DESC LIMIT ${ANONYMOUS_ENTRIES}`),
    db.execute<{ id: number; thread_id: number; title: string; created_at: string }>(sql`
      SELECT p.id, p.thread_id, t.title, p.created_at FROM posts p JOIN threads t ON t.id = p.thread_id
      WHERE (p.thread_id, p.author_tag) IN ${pairs} AND NOT p.is_deleted AND NOT t.is_deleted
      ORDER BY p.created_at DESC LIMIT ${ANONYMOUS_ENTRIES}`),
  ]);
  const entry = (id: number, createdAt: string, description: string, linkUrl: string) => {
    const at = new Date(createdAt);
    return { id, createdAt: at.toISOString(), description, linkUrl, at: at.getTime() };
  };
  return [
    ...threadRows.rows.map((row) => entry(-2 * row.id, row.created_at, `Created thread ${quoted(row.title)} anonymously`, `/thread/${row.id}`)),
    ...postRows.rows.map((row) =>
      entry(-(2 * row.id + 1), row.created_at, `Replied anonymously in ${quoted(row.title)}`, `/thread/${row.thread_id}#post-${row.id}`),
    ),
  ];
}

/** The timeline as the users module's route reads it; actions record theirs with recordActivity in their own transaction. */
export function createActivityService(db: DbOrTx) {
  return {
    /**
     * The owner's timeline: what they did under their name, and, with their key (their
     * own session), their anonymous threads and replies, the 50 newest of both.
     */
    async list(userId: number, key: AuthorKey | null): Promise<Activity[]> {
      const [named, anonymous] = await Promise.all([listActivities(db, userId), key ? listAnonymousActivities(db, key) : []]);
      if (anonymous.length === 0) return named;
      return [...named.map((activity) => ({ ...activity, at: Date.parse(activity.createdAt) })), ...anonymous]
        .sort((a, b) => b.at - a.at || b.id - a.id)
        .slice(0, ANONYMOUS_ENTRIES)
        .map(({ at: _at, ...activity }) => activity);
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
