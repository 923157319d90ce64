import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Poll, Thread, ThreadDetail } from '../../../shared/api.js';
import { ATOM_FEED_SIZE, FEED_SIZE, THREAD_POSTS_PER_PAGE } from '../../../shared/constants.js';
import type { createThreadSchema, threadListQuerySchema } from '../../../shared/schemas/threads.js';
import type { Db } from '../../db/client.js';
import { boards, threads, users } from '../../db/schema.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { initialHotScore } from '../../lib/hot-score.js';
import { imageColumns, type ImageUrlOf, type SaveImage, type UploadedImage } from '../../lib/form.js';
import { THREAD_NOT_FOUND } from '../../lib/messages.js';
import { singleFlight } from '../../lib/single-flight.js';
import { addAuthoredThreads } from '../../lib/authored-threads.js';
import { authorKeyOf, authorTagFor, VISITOR, type Viewer } from '../../lib/viewer.js';
import { recordActivity } from '../activities/index.js';
import { announceAuthored, recordEvent } from '../events/index.js';
import { notifyNewThread, type PublishNotified } from '../notifications/index.js';
import { createPoll, readThreadPoll, readVisitorPolls } from '../polls/index.js';
import { serializePost } from '../posts/index.js';
import { premiumAccessSet } from '../premium/index.js';
import { findFeedThreads, findThread, findThreadPage, findThreadPosts, type FeedSource, type ThreadOrder } from './queries.js';
import { serializeThread } from './serializer.js';

type CreateThread = z.output<typeof createThreadSchema>;
type ListQuery = z.output<typeof threadListQuerySchema>;

/** A feed's thread: as a visitor sees it in a list, with its poll (the feed shows it as text). */
export type FeedThread = Thread & { poll: Poll | null };

export const PREMIUM_REQUIRED = 'Premium Member Required';

export function createThreadService({
  db,
  saveImage,
  imageUrlOf,
  publishNotified,
}: {
  db: Db;
  saveImage: SaveImage;
  imageUrlOf: ImageUrlOf;
  /** Announces a new thread's notifications to their recipients once it has committed. */
  publishNotified: PublishNotified;
}) {
  /**
   * A list of threads as this viewer sees it. Visitors all see the same list, so the
   * visitors asking for one list at the same moment share one query and one
   * serialization: a busy board's front page costs the database one query per round
   * instead of one per reader. Signed-in viewers' lists hold their own fields (isOwn,
   * premium access) and are always their own.
   */
  const visitorLists = singleFlight<Thread[]>();
  /**
   * `readAfter`: the list version (boards.list_version) the caller read before; the list is
   * then shared only with reads that began after that version was read, so its answer is
   * never older than that version (http-cache.ts remembers it under the version).
   */
  function threadList(viewer: Viewer, order: ThreadOrder, page: { boardCode?: string; limit: number; offset: number }, readAfter?: string): Promise<Thread[]> {
    const read = async () => {
      const rows = await findThreadPage(db, order, page);
      const access = await premiumAccessSet(db, viewer, rows);
      return rows.map((row) => serializeThread(row, viewer, imageUrlOf, { hasAccess: access.has(row.id) }));
    };
    const shared = `${order}/${page.boardCode ?? ''}/${page.limit}/${page.offset}${readAfter === undefined ? '' : `@${readAfter}`}`;
    return viewer.userId === null ? visitorLists(shared, read) : read();
  }

  return {
    /** A board's page, by the board's code: sticky threads first, then the chosen order. */
    async listBoardThreads(boardCode: string, query: ListQuery, viewer: Viewer): Promise<Thread[]> {
      return threadList(viewer, query.sort, { boardCode, limit: query.limit, offset: (query.page - 1) * query.limit });
    },

    /** `readAfter`: the home list version read before (see threadList). */
    async recent(viewer: Viewer, readAfter?: string): Promise<Thread[]> {
      return threadList(viewer, 'newest', { limit: FEED_SIZE, offset: 0 }, readAfter);
    },

    async popular(viewer: Viewer, readAfter?: string): Promise<Thread[]> {
      return threadList(viewer, 'popular', { limit: FEED_SIZE, offset: 0 }, readAfter);
    },

    /**
     * A feed's threads (CONTRACT.md section 11), newest first, as any visitor sees
     * them: anonymous authors hidden, premium threads without their premium content.
     */
    async feed(source: FeedSource): Promise<FeedThread[]> {
      const rows = await findFeedThreads(db, source, ATOM_FEED_SIZE);
      const [access, polls] = await Promise.all([
        premiumAccessSet(db, VISITOR, rows),
        readVisitorPolls(db, rows.filter((row) => row.hasPoll).map((row) => row.id)),
      ]);
      return rows.map((row) => ({ ...serializeThread(row, VISITOR, imageUrlOf, { hasAccess: access.has(row.id) }), poll: polls.get(row.id) ?? null }));
    },

    /** The thread page: the thread and its posts, oldest first, 100 at a time after `afterPostId`. */
    async getThread(id: number, viewer: Viewer, afterPostId = 0): Promise<ThreadDetail> {
      return (await this.getThreadPage(id, viewer, afterPostId)).thread;
    },

    /**
     * The thread page and the version it was read at: the thread's row is read first, so
     * the page holds that version's state or newer, never older.
     */
    async getThreadPage(id: number, viewer: Viewer, afterPostId = 0): Promise<{ thread: ThreadDetail; version: number }> {
      const row = await findThread(db, id);
      if (!row) throw new NotFoundError(THREAD_NOT_FOUND);
      const [access, posts, poll] = await Promise.all([
        premiumAccessSet(db, viewer, [row]),
        findThreadPosts(db, id, afterPostId, THREAD_POSTS_PER_PAGE),
        row.hasPoll ? readThreadPoll(db, id, viewer.authorKey ?? null) : null,
      ]);
      const thread = {
        ...serializeThread(row, viewer, imageUrlOf, { hasAccess: access.has(row.id), withPremiumContent: true }, true),
        posts: posts.map((post) => serializePost(post, viewer, imageUrlOf, true)),
        poll,
      };
      return { thread, version: row.version };
    },

    async createThread(input: CreateThread, author: { id: number; ipHash: string }, viewer: Viewer, image?: UploadedImage): Promise<ThreadDetail> {
      if (input.isPremium && !viewer.isMember) throw new ForbiddenError(PREMIUM_REQUIRED);
      const authorKey = input.isAnonymous ? authorKeyOf(viewer) : null;
      const [board] = await db.select({ id: boards.id, code: boards.code }).from(boards).where(eq(boards.id, input.boardId)).limit(1);
      if (!board) throw new ValidationError('Please select a board', { boardId: 'Please select a board' });
      // The image is processed before the transaction: sharp is slow, row locks should not wait on it.
      const stored = image ? await saveImage(image) : undefined;
      const { id, notified } = await db.transaction(async (tx) => {
        const [thread] = await tx
          .insert(threads)
          .values({
            boardId: input.boardId,
            // Anonymous: no account on the row (CONTRACT.md section 13); its tag follows.
            userId: input.isAnonymous ? null : author.id,
            title: input.title,
            content: input.content,
            isAnonymous: input.isAnonymous,
            ipHash: author.ipHash,
            isPremium: input.isPremium,
            accessPrice: input.isPremium ? input.accessPrice : null,
            accessCurrency: input.isPremium ? input.accessCurrency : 'ETH',
            premiumContent: input.isPremium ? (input.premiumContent ?? null) : null,
            ...imageColumns(stored),
            hotScore: initialHotScore,
            hasPoll: input.poll !== undefined,
          })
          .returning({ id: threads.id });
        if (input.poll) await createPoll(tx, thread!.id, input.poll);
        if (authorKey) {
          // Its tag needs its id. Nothing on the account side moves: no counter, no
          // timeline entry; the thread joins the author's sealed list instead.
          await tx.update(threads).set({ authorTag: authorTagFor(viewer, thread!.id) }).where(eq(threads.id, thread!.id));
          await addAuthoredThreads(tx, authorKey, [thread!.id]);
          // Their open streams, on every instance, watch its tag once this commits.
          await announceAuthored(tx, authorKey);
        } else {
          await tx
            .update(users)
            .set({ threadCount: sql`${users.threadCount} + 1` })
            .where(eq(users.id, author.id));
          await recordActivity(tx, author.id, { type: 'thread_created', threadId: thread!.id, title: input.title });
        }
        await recordEvent(tx, { type: 'thread', boardCode: board.code, threadId: thread!.id });
        // Mentions in the public content only: the premium part never notifies anyone.
        const notified = await notifyNewThread(tx, { id: thread!.id, authorId: author.id, isAnonymous: input.isAnonymous, content: input.content });
        return { id: thread!.id, notified };
      });
      await publishNotified(notified);
      return this.getThread(id, viewer);
    },
  };
}

export type ThreadService = ReturnType<typeof createThreadService>;
