import { and, desc, eq, lte, not, sql } from 'drizzle-orm';
import type { Revision } from '../../../shared/api.js';
import { EDIT_HISTORY_MAX } from '../../../shared/constants.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { postRevisions, posts, threadRevisions, threads } from '../../db/schema.js';
import { NotFoundError } from '../../lib/errors.js';
import { POST_NOT_FOUND, THREAD_NOT_FOUND } from '../../lib/messages.js';
import { assertAuthor, type Editor, HISTORY_AUTHOR_ONLY } from './ownership.js';

export type HistoryTarget = { kind: 'thread'; id: number } | { kind: 'post'; id: number };

/**
 * Erases the earlier versions of a thread (with its replies') or of a post: the author's
 * retraction, and a deletion (modules/deletions), whose content's history goes with it.
 * A real DELETE: nothing is kept to unhide.
 */
export async function eraseRevisions(db: DbOrTx, of: { threadId: number } | { postId: number }): Promise<void> {
  if ('threadId' in of) {
    await db.delete(threadRevisions).where(eq(threadRevisions.threadId, of.threadId));
    await db.execute(sql`DELETE FROM post_revisions WHERE post_id IN (SELECT id FROM posts WHERE thread_id = ${of.threadId})`);
  } else {
    await db.delete(postRevisions).where(eq(postRevisions.postId, of.postId));
  }
}

/** Keeps the newest EDIT_HISTORY_MAX earlier versions once `version` has been added. */
export async function trimRevisions(db: DbOrTx, target: HistoryTarget, version: number): Promise<void> {
  const oldest = version - EDIT_HISTORY_MAX;
  if (oldest < 0) return;
  if (target.kind === 'thread') await db.delete(threadRevisions).where(and(eq(threadRevisions.threadId, target.id), lte(threadRevisions.version, oldest)));
  else await db.delete(postRevisions).where(and(eq(postRevisions.postId, target.id), lte(postRevisions.version, oldest)));
}

/** The live thread or post's author columns, or 404. */
async function authorOf(db: DbOrTx, target: HistoryTarget) {
  if (target.kind === 'thread') {
    const [row] = await db
      .select({ userId: threads.userId, authorTag: threads.authorTag, threadId: threads.id, isPremium: threads.isPremium })
      .from(threads)
      .where(and(eq(threads.id, target.id), not(threads.isDeleted)));
    if (!row) throw new NotFoundError(THREAD_NOT_FOUND);
    return row;
  }
  const [row] = await db
    .select({ userId: posts.userId, authorTag: posts.authorTag, threadId: posts.threadId, isPremium: sql<boolean>`false` })
    .from(posts)
    .innerJoin(threads, eq(threads.id, posts.threadId))
    .where(and(eq(posts.id, target.id), not(posts.isDeleted), not(threads.isDeleted)));
  if (!row) throw new NotFoundError(POST_NOT_FOUND);
  return row;
}

/**
 * The private history (CONTRACT.md section 14): the earlier versions of a thread or
 * post, to its author only (403 for anyone else, admins included), and their retraction.
 */
export function createHistoryService(db: Db) {
  return {
    /** The earlier versions, newest first. */
    async list(editor: Editor, target: HistoryTarget): Promise<Revision[]> {
      const content = await authorOf(db, target);
      assertAuthor(editor, content, HISTORY_AUTHOR_ONLY);
      if (target.kind === 'thread') {
        const rows = await db.select().from(threadRevisions).where(eq(threadRevisions.threadId, target.id)).orderBy(desc(threadRevisions.version));
        return rows.map((row) => ({
          version: row.version,
          title: row.title,
          content: row.content,
          ...(content.isPremium ? { premiumContent: row.premiumContent } : {}),
          editedAt: row.editedAt ? row.editedAt.toISOString() : null,
        }));
      }
      const rows = await db.select().from(postRevisions).where(eq(postRevisions.postId, target.id)).orderBy(desc(postRevisions.version));
      return rows.map((row) => ({ version: row.version, content: row.content, editedAt: row.editedAt ? row.editedAt.toISOString() : null }));
    },

    /**
     * Retracts the history: every earlier version erased for good. The current text, its
     * version number and "edited" stay; a report's snapshot stays until the report is
     * closed (modules/reports), so retracting cannot hide what was reported.
     */
    async erase(editor: Editor, target: HistoryTarget): Promise<void> {
      const content = await authorOf(db, target);
      assertAuthor(editor, content, HISTORY_AUTHOR_ONLY);
      if (target.kind === 'thread') await db.delete(threadRevisions).where(eq(threadRevisions.threadId, target.id));
      else await eraseRevisions(db, { postId: target.id });
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
