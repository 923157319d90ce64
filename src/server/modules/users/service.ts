import { type AnyColumn, and, count, desc, eq, getTableColumns, not, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CurrentUser, Post, Thread, UserProfile } from '../../../shared/api.js';
import { PROFILE_POSTS_PER_PAGE, PROFILE_THREADS_PER_PAGE } from '../../../shared/constants.js';
import type { updateProfileSchema } from '../../../shared/schemas/users.js';
import type { Db } from '../../db/client.js';
import { posts, threads, users } from '../../db/schema.js';
import type { AuthorKey } from '../../lib/author-key.js';
import { type AuthoredPairs, authoredPairs } from '../../lib/authored-threads.js';
import type { ImageUrlOf } from '../../lib/form.js';
import { ConflictError, ForbiddenError, isUniqueViolation, NotFoundError } from '../../lib/errors.js';
import { USER_NOT_FOUND, USERNAME_TAKEN } from '../../lib/messages.js';
import type { Viewer } from '../../lib/viewer.js';
import { recordActivity } from '../activities/index.js';
import { fullTipsReceived } from '../crypto/index.js';
import { serializePost } from '../posts/index.js';
import { premiumAccessSet } from '../premium/index.js';
import { notDeleted, selectThreads, serializeThread } from '../threads/index.js';
import { serializeCurrentUser, serializePublicUser } from './serializer.js';
import { touchThreadsOfUser } from '../../lib/thread-version.js';

export type ProfilePost = Post & { threadTitle: string };

type UserRow = typeof users.$inferSelect;

/** The user holding a username in any letter case (usernames are unique case-insensitively). */
export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1)
    .then((rows) => rows[0]);
}

const { searchVector: _omit, ...postColumns } = getTableColumns(posts);

export function createUserService(db: Db, imageUrlOf: ImageUrlOf) {
  async function findUser(id: number) {
    const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!user) throw new NotFoundError(USER_NOT_FOUND);
    return user;
  }

  /**
   * The owner sees all their content, anonymous included; everyone else only what is
   * signed. Anonymous rows name no account (CONTRACT.md section 13): the owner's are
   * found through their key, as the (thread, tag) pairs of the threads on their sealed list.
   */
  async function ownAnonymous(viewer: Viewer, userId: number): Promise<AuthoredPairs | null> {
    if (viewer.userId !== userId || !viewer.authorKey) return null;
    return authoredPairs(db, viewer.authorKey);
  }
  const anonymousIn = (own: AuthoredPairs, threadId: AnyColumn, authorTag: AnyColumn) => sql`(${threadId}, ${authorTag}) IN ${own.rows}`;

  /**
   * The user as they see themselves (GET /api/user, their own profile; CONTRACT.md
   * section 13): their counters hold their named writing only, so that no account-side
   * row moves with anonymous writing; their full figures add their live anonymous threads
   * and replies and the tips to them, found at read time through their key (modules/crypto
   * own-tips.ts). An admin, who holds no key of theirs, sees the named figures.
   */
  async function ownView(user: UserRow, key: AuthorKey | null | undefined): Promise<CurrentUser> {
    // The sealed list is read once, for the tips and the counts alike.
    const pairs = key ? await authoredPairs(db, key) : null;
    const own = { ...serializeCurrentUser(user), totalTipsReceived: await fullTipsReceived(db, user.totalTipsReceived, pairs) };
    if (!pairs) return own;
    const { rows } = await db.execute<{ threads: number; posts: number }>(sql`
      SELECT (SELECT count(*) FROM threads WHERE (id, author_tag) IN ${pairs.rows} AND NOT is_deleted)::int AS threads,
        (SELECT count(*) FROM posts p JOIN threads t ON t.id = p.thread_id
          WHERE (p.thread_id, p.author_tag) IN ${pairs.rows} AND NOT p.is_deleted AND NOT t.is_deleted)::int AS posts`);
    return { ...own, threadCount: own.threadCount + (rows[0]?.threads ?? 0), postCount: own.postCount + (rows[0]?.posts ?? 0) };
  }
  const keyFor = (viewer: Viewer, id: number) => (viewer.userId === id ? viewer.authorKey : null);

  return {
    findUser,
    ownView,

    /** Who holds a username now (any letter case): where a post's `@mention` links. Public, like every profile. */
    async byUsername(username: string): Promise<{ id: number; username: string }> {
      const user = /^[A-Za-z0-9_]{3,20}$/.test(username) ? await findUserByUsername(db, username) : undefined;
      if (!user) throw new NotFoundError(USER_NOT_FOUND);
      return { id: user.id, username: user.username };
    },

    /**
     * A profile. Others see counts of the user's signed content only, so the numbers
     * cannot hint at how much they post anonymously.
     */
    async profile(id: number, viewer: Viewer): Promise<UserProfile> {
      const user = await findUser(id);
      if (viewer.userId === id || viewer.isAdmin) return ownView(user, keyFor(viewer, id));
      const [[threadTotal], [postTotal]] = await Promise.all([
        db.select({ n: count() }).from(threads).where(and(eq(threads.userId, id), notDeleted, not(threads.isAnonymous))),
        db
          .select({ n: count() })
          .from(posts)
          .innerJoin(threads, eq(threads.id, posts.threadId))
          .where(and(eq(posts.userId, id), not(posts.isDeleted), not(posts.isAnonymous), notDeleted)),
      ]);
      return { ...serializePublicUser(user), threadCount: threadTotal?.n ?? 0, postCount: postTotal?.n ?? 0 };
    },

    async threads(id: number, page: number, viewer: Viewer): Promise<Thread[]> {
      await findUser(id);
      const own = await ownAnonymous(viewer, id);
      const rows = await selectThreads(db)
        .where(
          and(
            own ? or(eq(threads.userId, id), anonymousIn(own, threads.id, threads.authorTag)) : and(eq(threads.userId, id), not(threads.isAnonymous)),
            notDeleted,
          ),
        )
        .orderBy(desc(threads.createdAt), desc(threads.id))
        .limit(PROFILE_THREADS_PER_PAGE)
        .offset((page - 1) * PROFILE_THREADS_PER_PAGE);
      const access = await premiumAccessSet(db, viewer, rows);
      return rows.map((row) => serializeThread(row, viewer, imageUrlOf, { hasAccess: access.has(row.id) }));
    },

    async posts(id: number, page: number, viewer: Viewer): Promise<ProfilePost[]> {
      await findUser(id);
      const own = await ownAnonymous(viewer, id);
      const rows = await db
        .select({ ...postColumns, username: users.username, threadTitle: threads.title })
        .from(posts)
        .innerJoin(threads, eq(threads.id, posts.threadId))
        .leftJoin(users, eq(users.id, posts.userId))
        .where(
          and(
            own ? or(eq(posts.userId, id), anonymousIn(own, posts.threadId, posts.authorTag)) : and(eq(posts.userId, id), not(posts.isAnonymous)),
            not(posts.isDeleted),
            notDeleted,
          ),
        )
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(PROFILE_POSTS_PER_PAGE)
        .offset((page - 1) * PROFILE_POSTS_PER_PAGE);
      return rows.map((row) => ({ ...serializePost(row, viewer, imageUrlOf), threadTitle: row.threadTitle }));
    },

    /** Owner or admin only; a username taken in any letter case is a 409. */
    async update(id: number, input: z.output<typeof updateProfileSchema>, viewer: Viewer): Promise<UserProfile> {
      if (viewer.userId === null) throw new ForbiddenError();
      if (viewer.userId !== id && !viewer.isAdmin) throw new ForbiddenError('You can only edit your own profile');
      const user = await findUser(id);
      const changes: { username?: string; bio?: string | null } = {};
      if (input.username !== undefined && input.username !== user.username) {
        const holder = await findUserByUsername(db, input.username);
        if (holder && holder.id !== id) throw new ConflictError(USERNAME_TAKEN);
        changes.username = input.username;
      }
      if (input.bio !== undefined && input.bio !== user.bio) changes.bio = input.bio;
      if (Object.keys(changes).length === 0) return ownView(user, keyFor(viewer, id));
      try {
        const updated = await db.transaction(async (tx) => {
          const [row] = await tx
            .update(users)
            .set({ ...changes, updatedAt: sql`now()` })
            .where(eq(users.id, id))
            .returning();
          // The change is the profile owner's activity, even when an admin made it.
          await recordActivity(tx, id, { type: 'profile_updated', fields: Object.keys(changes) });
          // A new name shows on every page it signed (threads.version).
          if (changes.username !== undefined) await touchThreadsOfUser(tx, id);
          return row!;
        });
        return await ownView(updated, keyFor(viewer, id));
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(USERNAME_TAKEN);
        throw error;
      }
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
