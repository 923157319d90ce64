import { and, desc, eq, inArray } from 'drizzle-orm';
import type { SavedThread } from '../../../shared/api.js';
import { PROFILE_THREADS_PER_PAGE } from '../../../shared/constants.js';
import type { Db } from '../../db/client.js';
import { savedThreads, threads } from '../../db/schema.js';
import { NotFoundError } from '../../lib/errors.js';
import type { ImageUrlOf } from '../../lib/form.js';
import { THREAD_NOT_FOUND } from '../../lib/messages.js';
import type { Viewer } from '../../lib/viewer.js';
import { premiumAccessSet } from '../premium/index.js';
import { findThread, notDeleted, selectThreads, serializeThread } from '../threads/index.js';

/** The thread page's Save button: a private, per-user list of threads. */
export function createSavedThreadService(db: Db, imageUrlOf: ImageUrlOf) {
  return {
    async save(userId: number, threadId: number): Promise<{ isSaved: true }> {
      if (!(await findThread(db, threadId))) throw new NotFoundError(THREAD_NOT_FOUND);
      await db.insert(savedThreads).values({ userId, threadId }).onConflictDoNothing();
      return { isSaved: true };
    },

    async unsave(userId: number, threadId: number): Promise<{ isSaved: false }> {
      await db.delete(savedThreads).where(and(eq(savedThreads.userId, userId), eq(savedThreads.threadId, threadId)));
      return { isSaved: false };
    },

    async isSaved(userId: number | null, threadId: number): Promise<{ isSaved: boolean }> {
      if (userId === null) return { isSaved: false };
      const [row] = await db
        .select({ threadId: savedThreads.threadId })
        .from(savedThreads)
        .where(and(eq(savedThreads.userId, userId), eq(savedThreads.threadId, threadId)))
        .limit(1);
      return { isSaved: row !== undefined };
    },

    /** Newest saved first; deleted threads drop out of the list. */
    async list(viewer: Viewer & { userId: number }, page: number): Promise<SavedThread[]> {
      const saved = await db
        .select({ threadId: savedThreads.threadId, savedAt: savedThreads.createdAt })
        .from(savedThreads)
        .innerJoin(threads, eq(threads.id, savedThreads.threadId))
        .where(and(eq(savedThreads.userId, viewer.userId), notDeleted))
        .orderBy(desc(savedThreads.createdAt), desc(savedThreads.threadId))
        .limit(PROFILE_THREADS_PER_PAGE)
        .offset((page - 1) * PROFILE_THREADS_PER_PAGE);
      if (saved.length === 0) return [];
      const rows = await selectThreads(db).where(inArray(threads.id, saved.map((item) => item.threadId)));
      const byId = new Map(rows.map((row) => [row.id, row]));
      const access = await premiumAccessSet(db, viewer, rows);
      return saved.flatMap(({ threadId, savedAt }) => {
        const row = byId.get(threadId);
        return row ? [{ ...serializeThread(row, viewer, imageUrlOf, { hasAccess: access.has(row.id) }), savedAt: savedAt.toISOString() }] : [];
      });
    },
  };
}

export type SavedThreadService = ReturnType<typeof createSavedThreadService>;
