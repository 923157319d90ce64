import { and, eq, inArray, not, sql } from 'drizzle-orm';
import type { PostVote, ThreadVote, UserVote, VoteResult } from '../../../shared/api.js';
import type { Db, Tx } from '../../db/client.js';
import { posts, threads, votes } from '../../db/schema.js';
import { NotFoundError } from '../../lib/errors.js';
import { hotScoreAfter } from '../../lib/hot-score.js';
import { nextThreadVersion } from '../../lib/thread-version.js';
import { POST_NOT_FOUND, THREAD_NOT_FOUND } from '../../lib/messages.js';
import { recordActivity } from '../activities/index.js';
import { recordEvent } from '../events/index.js';

export type VoteTarget = { kind: 'thread'; id: number } | { kind: 'post'; id: number };
type Direction = 1 | -1;

const targetColumn = (target: VoteTarget) => (target.kind === 'thread' ? votes.threadId : votes.postId);

/** How the counters move: a new vote adds one; a changed vote moves one across. */
function counterChange(previous: Direction | null, next: Direction): { up: number; down: number } {
  const count = (direction: Direction | null) => ({ up: direction === 1 ? 1 : 0, down: direction === -1 ? 1 : 0 });
  const before = count(previous);
  const after = count(next);
  return { up: after.up - before.up, down: after.down - before.down };
}

export function createVoteService(db: Db) {
  /** Writes the user's vote and returns the one it replaced (null: none, or the same). */
  async function recordVote(tx: Tx, target: VoteTarget, userId: number, ipHash: string, voteType: Direction) {
    const [inserted] = await tx
      .insert(votes)
      .values({ userId, ipHash, voteType, ...(target.kind === 'thread' ? { threadId: target.id } : { postId: target.id }) })
      .onConflictDoNothing()
      .returning({ id: votes.id });
    if (inserted) return { changed: true, previous: null };
    // The user voted before: move the vote only if it points the other way.
    const [moved] = await tx
      .update(votes)
      .set({ voteType, ipHash })
      .where(and(eq(votes.userId, userId), eq(targetColumn(target), target.id), not(eq(votes.voteType, voteType))))
      .returning({ id: votes.id });
    return { changed: moved !== undefined, previous: moved ? ((-voteType) as Direction) : null };
  }

  return {
    /**
     * Votes up (1) or down (-1). The same vote twice changes nothing; the other way
     * moves it. Counters change by atomic increments in the vote's transaction, so
     * they stay exact under any number of concurrent voters.
     */
    async vote(target: VoteTarget, user: { id: number; ipHash: string }, voteType: Direction): Promise<VoteResult> {
      return db.transaction(async (tx) => {
        let threadId: number;
        if (target.kind === 'thread') {
          const [thread] = await tx.select({ id: threads.id }).from(threads).where(and(eq(threads.id, target.id), not(threads.isDeleted)));
          if (!thread) throw new NotFoundError(THREAD_NOT_FOUND);
          threadId = thread.id;
        } else {
          // The thread's version moves with its replies' votes. Its row is locked here, before
          // the vote touches the post's, in the order a reply's deletion takes them.
          const [post] = await tx
            .update(threads)
            .set({ version: nextThreadVersion })
            .from(posts)
            .where(and(eq(posts.id, target.id), eq(threads.id, posts.threadId), not(posts.isDeleted), not(threads.isDeleted)))
            .returning({ threadId: threads.id });
          if (!post) throw new NotFoundError(POST_NOT_FOUND);
          threadId = post.threadId;
        }
        const { changed, previous } = await recordVote(tx, target, user.id, user.ipHash, voteType);
        if (changed) {
          await recordActivity(tx, user.id, user.ipHash, { type: 'voted', threadId, ...(target.kind === 'post' ? { postId: target.id } : {}), voteType });
          await recordEvent(tx, { type: 'update', threadId });
        }
        if (!changed) {
          // The same vote again: nothing to write, so no row lock is taken on a busy thread or post.
          const table = target.kind === 'thread' ? threads : posts;
          const [counts] = await tx.select({ upvotes: table.upvotes, downvotes: table.downvotes }).from(table).where(eq(table.id, target.id));
          return counts!;
        }
        const change = counterChange(previous, voteType);
        if (target.kind === 'thread') {
          const [counts] = await tx
            .update(threads)
            .set({
              upvotes: sql`${threads.upvotes} + ${change.up}`,
              downvotes: sql`${threads.downvotes} + ${change.down}`,
              hotScore: hotScoreAfter(change),
              version: nextThreadVersion,
            })
            .where(eq(threads.id, target.id))
            .returning({ upvotes: threads.upvotes, downvotes: threads.downvotes });
          return counts!;
        }
        const [counts] = await tx
          .update(posts)
          .set({ upvotes: sql`${posts.upvotes} + ${change.up}`, downvotes: sql`${posts.downvotes} + ${change.down}` })
          .where(eq(posts.id, target.id))
          .returning({ upvotes: posts.upvotes, downvotes: posts.downvotes });
        return counts!;
      });
    },

    async userVote(target: VoteTarget, userId: number | null): Promise<UserVote> {
      if (userId === null) return { userVote: null };
      const [row] = await db
        .select({ voteType: votes.voteType })
        .from(votes)
        .where(and(eq(votes.userId, userId), eq(targetColumn(target), target.id)))
        .limit(1);
      return { userVote: row ? (row.voteType as Direction) : null };
    },

    /** The user's votes on a list page's threads, in one query: a board page asked once per thread. */
    async threadVotes(threadIds: number[], userId: number): Promise<ThreadVote[]> {
      const rows = await db
        .select({ threadId: votes.threadId, voteType: votes.voteType })
        .from(votes)
        .where(and(eq(votes.userId, userId), inArray(votes.threadId, threadIds)))
        .orderBy(votes.threadId);
      return rows.map((row) => ({ threadId: row.threadId!, userVote: row.voteType as Direction }));
    },

    /** The user's votes on a thread's replies, in one query: a thread page asked once per reply. */
    async postVotesInThread(threadId: number, userId: number | null): Promise<PostVote[]> {
      if (userId === null) return [];
      const rows = await db
        .select({ postId: votes.postId, voteType: votes.voteType })
        .from(votes)
        .innerJoin(posts, eq(posts.id, votes.postId))
        .where(and(eq(votes.userId, userId), eq(posts.threadId, threadId)))
        .orderBy(votes.postId);
      return rows.map((row) => ({ postId: row.postId!, userVote: row.voteType as Direction }));
    },
  };
}

export type VoteService = ReturnType<typeof createVoteService>;
