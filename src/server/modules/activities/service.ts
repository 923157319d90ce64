import { and, desc, eq, lt } from 'drizzle-orm';
import type { Activity } from '../../../shared/api.js';
import type { DbOrTx } from '../../db/client.js';
import { userActivities } from '../../db/schema.js';

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

/** The timeline as the users module's route reads it; actions record theirs with recordActivity in their own transaction. */
export function createActivityService(db: DbOrTx) {
  return {
    list: (userId: number, beforeId?: number): Promise<Activity[]> => listActivities(db, userId, beforeId),
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
