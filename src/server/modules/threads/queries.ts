import { and, asc, desc, eq, getTableColumns, gt, gte, lte, not, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { boards, posts, threads, users } from '../../db/schema.js';
import type { PostRow } from '../posts/index.js';
import type { ThreadRow } from './serializer.js';

// Every column but the search document, which is large and never sent.
const { searchVector: _threadSearch, ...threadColumns } = getTableColumns(threads);
const { searchVector: _postSearch, ...postColumns } = getTableColumns(posts);

const threadSelection = {
  ...threadColumns,
  username: users.username,
  board: { code: boards.code, name: boards.name, tags: boards.tags },
};

/** Threads with their board and author name; callers add where, order and limit. */
export function selectThreads(db: DbOrTx) {
  return db.select(threadSelection).from(threads).innerJoin(boards, eq(boards.id, threads.boardId)).leftJoin(users, eq(users.id, threads.userId));
}

export const notDeleted = not(threads.isDeleted);

export async function findThread(db: Db, id: number): Promise<ThreadRow | undefined> {
  const [row] = await statements(db).thread.execute({ id });
  return row;
}

/** A thread's posts in order, `limit` at a time after `afterId`. */
export function findThreadPosts(db: Db, threadId: number, afterId: number, limit: number): Promise<PostRow[]> {
  return statements(db).threadPosts.execute({ threadId, afterId, limit });
}

/** A board's page of threads (sticky first, then the order), or a feed across boards. */
export function findThreadPage(db: Db, order: ThreadOrder, page: { boardCode?: string; limit: number; offset: number }): Promise<ThreadRow[]> {
  const prepared = statements(db);
  return page.boardCode === undefined
    ? prepared.feed[order].execute({ limit: page.limit, offset: page.offset })
    : prepared.boardPage[order].execute({ boardCode: page.boardCode, limit: page.limit, offset: page.offset });
}

export type ThreadOrder = 'activity' | 'newest' | 'popular';

/** Which threads a feed lists (CONTRACT.md section 11). */
export type FeedSource = { kind: 'recent' } | { kind: 'board'; boardCode: string } | { kind: 'user'; userId: number };

/**
 * The newest threads of a feed, sticky or not; a user's feed holds only their named
 * threads, so it never links an anonymous thread to them.
 */
export function findFeedThreads(db: Db, source: FeedSource, limit: number): Promise<ThreadRow[]> {
  const where =
    source.kind === 'board'
      ? and(eq(threads.boardId, sql`(SELECT ${boards.id} FROM ${boards} WHERE ${boards.code} = ${source.boardCode})`), notDeleted)
      : source.kind === 'user'
        ? and(eq(threads.userId, source.userId), not(threads.isAnonymous), notDeleted)
        : notDeleted;
  return selectThreads(db).where(where).orderBy(...threadOrders.newest).limit(limit);
}

export const threadOrders: Record<ThreadOrder, SQL[]> = {
  activity: [desc(threads.bumpedAt), desc(threads.id)],
  newest: [desc(threads.createdAt), desc(threads.id)],
  popular: [desc(threads.hotScore), desc(threads.id)],
};

const byOrder = <T>(make: (order: ThreadOrder) => T): Record<ThreadOrder, T> => ({ activity: make('activity'), newest: make('newest'), popular: make('popular') });

/**
 * The hot reads' queries, unprepared, by the name each is prepared under (prepare() below).
 * plan-stability.test.ts explains the named statements with the parameters in this order.
 */
export function hotReadQueries(db: Db) {
  return {
    thread: selectThreads(db)
      .where(and(eq(threads.id, sql.placeholder('id')), notDeleted))
      .limit(1),
    // `thread_id >= $ AND thread_id <= $`, ordered by (thread_id, id), and not `thread_id = $`
    // ordered by id: with an equality PostgreSQL may also read posts in primary-key order and
    // filter on the thread, and the generic plan of this named statement, costed without the
    // thread's id, did so once one thread was a large share of all posts (issue 17: a 1-post
    // thread at 34 ms instead of 0.13, walking 50,000 primary-key entries). This order only the
    // (thread_id, id) index gives without sorting, so both the generic and the custom plans read
    // it, starting at (thread, afterId); the two bounds still give a custom plan the thread's row
    // estimate. plan-stability.test.ts checks the plans with a 50,000-post thread present.
    threadPosts: db
      .select({ ...postColumns, username: users.username })
      .from(posts)
      .leftJoin(users, eq(users.id, posts.userId))
      .where(
        and(
          gte(posts.threadId, sql.placeholder('threadId')),
          lte(posts.threadId, sql.placeholder('threadId')),
          gt(posts.id, sql.placeholder('afterId')),
        ),
      )
      .orderBy(asc(posts.threadId), asc(posts.id))
      .limit(sql.placeholder('limit')),
    boardPage: byOrder((order) =>
      selectThreads(db)
        // The board's id as a subquery, not a join condition on its code: PostgreSQL then reads the (board_id, sticky, order) index in order.
        .where(and(eq(threads.boardId, sql`(SELECT ${boards.id} FROM ${boards} WHERE ${boards.code} = ${sql.placeholder('boardCode')})`), notDeleted))
        .orderBy(desc(threads.isSticky), ...threadOrders[order])
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    ),
    feed: byOrder((order) =>
      selectThreads(db)
        .where(notDeleted)
        .orderBy(...threadOrders[order])
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    ),
  };
}

/** The statement names PostgreSQL holds the hot reads under, on every connection. */
export const hotReadNames = {
  thread: 'thread_by_id',
  threadPosts: 'thread_posts',
  boardPage: (order: ThreadOrder) => `board_page_${order}`,
  feed: (order: ThreadOrder) => `thread_feed_${order}`,
};

function prepare(db: Db) {
  const queries = hotReadQueries(db);
  return {
    thread: queries.thread.prepare(hotReadNames.thread),
    threadPosts: queries.threadPosts.prepare(hotReadNames.threadPosts),
    boardPage: byOrder((order) => queries.boardPage[order].prepare(hotReadNames.boardPage(order))),
    feed: byOrder((order) => queries.feed[order].prepare(hotReadNames.feed(order))),
  };
}

/**
 * The hot reads as named prepared statements, built once per database: drizzle skips
 * building the SQL on every request, and PostgreSQL parses and plans each once per
 * connection instead of once per query.
 */
const preparedByDb = new WeakMap<Db, ReturnType<typeof prepare>>();
function statements(db: Db): ReturnType<typeof prepare> {
  let prepared = preparedByDb.get(db);
  if (!prepared) preparedByDb.set(db, (prepared = prepare(db)));
  return prepared;
}
