import { and, eq, inArray, not, sql } from 'drizzle-orm';
import type { PostVote, ThreadVote, UserVote, VoteResult } from '../../../shared/api.js';
import type { Db, Tx } from '../../db/client.js';
import { posts, threads, votes } from '../../db/schema.js';
import { type AuthorKey, voterTag } from '../../lib/author-key.js';
import { NotFoundError } from '../../lib/errors.js';
import { hotScoreAfter } from '../../lib/hot-score.js';
import { nextThreadVersion } from '../../lib/thread-version.js';
import { POST_NOT_FOUND, THREAD_NOT_FOUND } from '../../lib/messages.js';
import { recordEvent } from '../events/index.js';

export type VoteTarget = { kind: 'thread'; id: number } | { kind: 'post'; id: number };
type Direction = 1 | -1;

const targetColumn = (target: VoteTarget) => (target.kind === 'thread' ? votes.threadId : votes.postId);
const tagOf = (key: AuthorKey, target: VoteTarget) => voterTag(key, target.kind === 'thread' ? { threadId: target.id } : { postId: target.id });

/** How the counters move: a new vote adds one; a changed vote moves one across. */
function counterChange(previous: Direction | null, next: Direction): { up: number; down: number } {
  const count = (direction: Direction | null) => ({ up: direction === 1 ? 1 : 0, down: direction === -1 ? 1 : 0 });
  const before = count(previous);
  const after = count(next);
  return { up: after.up - before.up, down: after.down - before.down };
}

/**
 * Votes (CONTRACT.md section 13): each is kept under its voter's tag for the item
 * (lib/author-key.ts), never their account or address, so the database alone cannot
 * tell who cast which, while the voter (whose session holds their key) finds and
 * changes their own, and the unique index keeps one per voter per item.
 */
export function createVoteService(db: Db) {
  /** Writes the voter's vote and returns the one it replaced (null: none, or the same). */
  async function recordVote(tx: Tx, target: VoteTarget, tag: string, voteType: Direction) {
    const [inserted] = await tx
      .insert(votes)
      .values({ voterTag: tag, voteType, ...(target.kind === 'thread' ? { threadId: target.id } : { postId: target.id }) })
      .onConflictDoNothing()
      .returning({ id: votes.id });
    if (inserted) return { changed: true, previous: null };
    // The voter voted before: move the vote only if it points the other way.
    const [moved] = await tx
      .update(votes)
      .set({ voteType })
      .where(and(eq(votes.voterTag, tag), eq(targetColumn(target), target.id), not(eq(votes.voteType, voteType))))
      .returning({ id: votes.id });
    return { changed: moved !== undefined, previous: moved ? ((-voteType) as Direction) : null };
  }

  return {
    /**
     * Votes up (1) or down (-1). The same vote twice changes nothing; the other way
     * moves it. Counters change by atomic increments in the vote's transaction, so
     * they stay exact under any number of concurrent voters.
     */
    async vote(target: VoteTarget, key: AuthorKey, voteType: Direction): Promise<VoteResult> {
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
        const { changed, previous } = await recordVote(tx, target, tagOf(key, target), voteType);
        // No timeline entry: one naming the voter beside the item would say who voted.
        if (changed) await recordEvent(tx, { type: 'update', threadId });
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

    async userVote(target: VoteTarget, key: AuthorKey | null): Promise<UserVote> {
      if (key === null) return { userVote: null };
      const [row] = await db
        .select({ voteType: votes.voteType })
        .from(votes)
        .where(and(eq(votes.voterTag, tagOf(key, target)), eq(targetColumn(target), target.id)))
        .limit(1);
      return { userVote: row ? (row.voteType as Direction) : null };
    },

    /** The user's votes on a list page's threads, in one query: a board page asked once per thread. */
    async threadVotes(threadIds: number[], key: AuthorKey): Promise<ThreadVote[]> {
      if (threadIds.length === 0) return [];
      const tags = threadIds.map((threadId) => voterTag(key, { threadId }));
      const rows = await db
        .select({ threadId: votes.threadId, voteType: votes.voteType })
        .from(votes)
        .where(and(inArray(votes.voterTag, tags), inArray(votes.threadId, threadIds)))
        .orderBy(votes.threadId);
      return rows.map((row) => ({ threadId: row.threadId!, userVote: row.voteType as Direction }));
    },

    /**
     * The voter's votes on a thread's replies, in two queries whatever their number: the
     * replies' ids, then the votes under the voter's tag for each.
     */
    async postVotesInThread(threadId: number, key: AuthorKey | null): Promise<PostVote[]> {
      if (key === null) return [];
      const replies = await db.select({ id: posts.id }).from(posts).where(eq(posts.threadId, threadId));
      if (replies.length === 0) return [];
      const ids = replies.map((reply) => reply.id);
      const tags = ids.map((postId) => voterTag(key, { postId }));
      const rows = await db
        .select({ postId: votes.postId, voteType: votes.voteType })
        .from(votes)
        .where(and(inArray(votes.voterTag, tags), inArray(votes.postId, ids)))
        .orderBy(votes.postId);
      return rows.map((row) => ({ postId: row.postId!, userVote: row.voteType as Direction }));
    },
  };
}

export type VoteService = ReturnType<typeof createVoteService>;
