import { and, count, eq } from 'drizzle-orm';
import type { FollowStats, IsFollowing } from '../../../shared/api.js';
import type { Db } from '../../db/client.js';
import { followers, users } from '../../db/schema.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import { USER_NOT_FOUND } from '../../lib/messages.js';
import { recordActivity } from '../activities/index.js';

export function createFollowService(db: Db) {
  async function stats(userId: number): Promise<FollowStats> {
    const [[followersRow], [followingRow]] = await Promise.all([
      db.select({ n: count() }).from(followers).where(eq(followers.followingId, userId)),
      db.select({ n: count() }).from(followers).where(eq(followers.followerId, userId)),
    ]);
    return { followersCount: followersRow?.n ?? 0, followingCount: followingRow?.n ?? 0 };
  }

  async function target(followerId: number, followingId: number) {
    if (followerId === followingId) throw new BadRequestError('You cannot follow yourself');
    const [user] = await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, followingId));
    if (!user) throw new NotFoundError(USER_NOT_FOUND);
    return user;
  }

  return {
    stats,

    async isFollowing(followerId: number | null, followingId: number): Promise<IsFollowing> {
      if (followerId === null) return { isFollowing: false };
      const [row] = await db
        .select({ id: followers.id })
        .from(followers)
        .where(and(eq(followers.followerId, followerId), eq(followers.followingId, followingId)))
        .limit(1);
      return { isFollowing: row !== undefined };
    },

    /** Idempotent: following twice is one follow, recorded once in the timeline. */
    async follow(followerId: number, followingId: number): Promise<IsFollowing & FollowStats> {
      const user = await target(followerId, followingId);
      await db.transaction(async (tx) => {
        const [created] = await tx.insert(followers).values({ followerId, followingId }).onConflictDoNothing().returning({ id: followers.id });
        if (created) await recordActivity(tx, followerId, { type: 'followed', userId: user.id, username: user.username });
      });
      return { isFollowing: true, ...(await stats(followingId)) };
    },

    async unfollow(followerId: number, followingId: number): Promise<IsFollowing & FollowStats> {
      const user = await target(followerId, followingId);
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(followers)
          .where(and(eq(followers.followerId, followerId), eq(followers.followingId, followingId)))
          .returning({ id: followers.id });
        if (removed.length > 0) await recordActivity(tx, followerId, { type: 'unfollowed', userId: user.id, username: user.username });
      });
      return { isFollowing: false, ...(await stats(followingId)) };
    },
  };
}

export type FollowService = ReturnType<typeof createFollowService>;
