import { and, asc, desc, eq, getTableColumns, gt, not, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { boards, posts, threads, users } from '../../db/schema.js';
import type { PostRow } from '../posts/serializer.js';
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

export async function findThread(db: DbOrTx, id: number): Promise<ThreadRow | undefined> {
  const [row] = await selectThreads(db)
    .where(and(eq(threads.id, id), notDeleted))
    .limit(1);
  return row;
}

/** A thread's posts in order, `limit` at a time after `afterId`. */
export function findThreadPosts(db: DbOrTx, threadId: number, afterId: number, limit: number): Promise<PostRow[]> {
  return db
    .select({ ...postColumns, username: users.username })
    .from(posts)
    .leftJoin(users, eq(users.id, posts.userId))
    .where(and(eq(posts.threadId, threadId), gt(posts.id, afterId)))
    .orderBy(asc(posts.id))
    .limit(limit);
}

export const threadOrders: Record<'activity' | 'newest' | 'popular', SQL[]> = {
  activity: [desc(threads.bumpedAt), desc(threads.id)],
  newest: [desc(threads.createdAt), desc(threads.id)],
  popular: [desc(threads.hotScore), desc(threads.id)],
};

export function findPostRow(db: DbOrTx, id: number): Promise<PostRow | undefined> {
  return db
    .select({ ...postColumns, username: users.username })
    .from(posts)
    .leftJoin(users, eq(users.id, posts.userId))
    .where(eq(posts.id, id))
    .limit(1)
    .then((rows) => rows[0]);
}
