import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Post, Thread } from '../../../shared/api.js';
import type { editPostSchema, editThreadSchema } from '../../../shared/schemas/editing.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { postRevisions, posts, threadRevisions, threads, users } from '../../db/schema.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.js';
import type { ImageUrlOf } from '../../lib/form.js';
import { POST_NOT_FOUND, THREAD_NOT_FOUND } from '../../lib/messages.js';
import { nextThreadVersion } from '../../lib/thread-version.js';
import type { Viewer } from '../../lib/viewer.js';
import { recordEvent } from '../events/index.js';
import { NOTHING_NOTIFIED, notifyAddedReferences, type Notified, type PublishNotified } from '../notifications/index.js';
import { serializePost, THREAD_LOCKED } from '../posts/index.js';
import { premiumAccessSet } from '../premium/index.js';
import { findThread, serializeThread } from '../threads/index.js';
import { trimRevisions } from './history.js';
import { assertAuthor, NOT_YOUR_POST } from './ownership.js';

type EditPost = z.output<typeof editPostSchema>;
type EditThread = z.output<typeof editThreadSchema>;

export const EDITED_ELSEWHERE = 'This was edited elsewhere';
export const NOT_PREMIUM = 'Only a premium thread has premium content';

/** An edit's answer: the updated object, or the current one when the edit was based on an older version (409). */
export type EditResult<T> = { edited: T } | { conflict: T };

const { searchVector: _search, ...postColumns } = getTableColumns(posts);

/**
 * Editing threads and posts by their authors (CONTRACT.md section 14), named or
 * anonymous. One transaction per edit: the version replaced goes to the private history,
 * the new text and its version in place (search reads the generated search_vector, so it
 * matches the new text and no longer the old), the thread's page version moves (kept
 * visitor pages, HTTP revalidation and board lists drop the old text, through the NOTIFY
 * of that move), watchers get an `update` event, and the references the edit adds are
 * notified. An edit's text is written in one place per kind: the `.update(threads)` and
 * `.update(posts)` of editThread and editPost.
 */
export function createEditingService({ db, imageUrlOf, publishNotified }: { db: Db; imageUrlOf: ImageUrlOf; publishNotified: PublishNotified }) {
  async function threadAsAuthor(id: number, viewer: Viewer): Promise<Thread> {
    const row = await findThread(db, id);
    if (!row) throw new NotFoundError(THREAD_NOT_FOUND);
    const access = await premiumAccessSet(db, viewer, [row]);
    return serializeThread(row, viewer, imageUrlOf, { hasAccess: access.has(row.id), withPremiumContent: true }, true);
  }

  async function postAsAuthor(db: DbOrTx, id: number, viewer: Viewer): Promise<Post> {
    const [row] = await db.select({ ...postColumns, username: users.username }).from(posts).leftJoin(users, eq(users.id, posts.userId)).where(eq(posts.id, id));
    if (!row) throw new NotFoundError(POST_NOT_FOUND);
    return serializePost(row, viewer, imageUrlOf, true);
  }

  return {
    async editThread(viewer: Viewer & { userId: number }, id: number, input: EditThread): Promise<EditResult<Thread>> {
      const outcome = await db.transaction(async (tx) => {
        const [thread] = await tx
          .select({
            userId: threads.userId,
            authorTag: threads.authorTag,
            isAnonymous: threads.isAnonymous,
            isLocked: threads.isLocked,
            isPremium: threads.isPremium,
            title: threads.title,
            content: threads.content,
            premiumContent: threads.premiumContent,
            editVersion: threads.editVersion,
            editedAt: threads.editedAt,
          })
          .from(threads)
          .where(sql`${threads.id} = ${id} AND NOT ${threads.isDeleted}`)
          .for('update');
        if (!thread) throw new NotFoundError(THREAD_NOT_FOUND);
        assertAuthor({ id: viewer.userId, authorTagOf: viewer.authorTagOf }, { ...thread, threadId: id }, NOT_YOUR_POST);
        if (thread.isLocked) throw new ForbiddenError(THREAD_LOCKED);
        if (input.premiumContent !== undefined && !thread.isPremium) throw new ValidationError(NOT_PREMIUM, { premiumContent: NOT_PREMIUM });
        if (input.version !== thread.editVersion) return 'conflict' as const;
        const title = input.title ?? thread.title;
        const content = input.content ?? thread.content;
        const premiumContent = input.premiumContent === undefined ? thread.premiumContent : input.premiumContent === '' ? null : input.premiumContent;
        // Saving the same text again is no edit: no version, no history row, no "edited".
        if (title === thread.title && content === thread.content && premiumContent === thread.premiumContent) return NOTHING_NOTIFIED;
        await tx.insert(threadRevisions).values({
          threadId: id,
          version: thread.editVersion,
          title: thread.title,
          content: thread.content,
          premiumContent: thread.premiumContent,
          editedAt: thread.editedAt,
        });
        await tx
          .update(threads)
          .set({ title, content, premiumContent, editVersion: sql`${threads.editVersion} + 1`, editedAt: sql`now()`, updatedAt: sql`now()`, version: nextThreadVersion })
          .where(eq(threads.id, id));
        await trimRevisions(tx, { kind: 'thread', id }, thread.editVersion);
        if (title !== thread.title) await retitleActivities(tx, id, title);
        await recordEvent(tx, { type: 'update', threadId: id });
        // Mentions in the public content only, as for a new thread: the premium part never notifies.
        return notifyAddedReferences(tx, {
          threadId: id,
          postId: null,
          before: thread.content,
          after: content,
          actorId: viewer.userId,
          actorTag: thread.authorTag,
          isAnonymous: thread.isAnonymous,
        });
      });
      if (outcome === 'conflict') return { conflict: await threadAsAuthor(id, viewer) };
      await publishNotified(outcome);
      return { edited: await threadAsAuthor(id, viewer) };
    },

    async editPost(viewer: Viewer & { userId: number }, id: number, input: EditPost): Promise<EditResult<Post>> {
      const outcome = await db.transaction(async (tx): Promise<Notified | 'conflict'> => {
        const [target] = await tx.select({ threadId: posts.threadId }).from(posts).where(eq(posts.id, id));
        if (!target) throw new NotFoundError(POST_NOT_FOUND);
        // The thread's row first, by moving its page version, as a deletion or a vote on the
        // post locks them (modules/deletions): the same order, so they never deadlock.
        const [thread] = await tx
          .update(threads)
          .set({ version: nextThreadVersion })
          .where(sql`${threads.id} = ${target.threadId} AND NOT ${threads.isDeleted}`)
          .returning({ isLocked: threads.isLocked });
        if (!thread) throw new NotFoundError(POST_NOT_FOUND);
        const [post] = await tx
          .select({
            userId: posts.userId,
            authorTag: posts.authorTag,
            isAnonymous: posts.isAnonymous,
            content: posts.content,
            editVersion: posts.editVersion,
            editedAt: posts.editedAt,
          })
          .from(posts)
          .where(sql`${posts.id} = ${id} AND NOT ${posts.isDeleted}`)
          .for('update');
        if (!post) throw new NotFoundError(POST_NOT_FOUND);
        assertAuthor({ id: viewer.userId, authorTagOf: viewer.authorTagOf }, { ...post, threadId: target.threadId }, NOT_YOUR_POST);
        if (thread.isLocked) throw new ForbiddenError(THREAD_LOCKED);
        if (input.version !== post.editVersion) return 'conflict';
        if (input.content === post.content) return NOTHING_NOTIFIED;
        await tx.insert(postRevisions).values({ postId: id, version: post.editVersion, content: post.content, editedAt: post.editedAt });
        await tx
          .update(posts)
          .set({ content: input.content, editVersion: sql`${posts.editVersion} + 1`, editedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(posts.id, id));
        await trimRevisions(tx, { kind: 'post', id }, post.editVersion);
        await recordEvent(tx, { type: 'update', threadId: target.threadId });
        return notifyAddedReferences(tx, {
          threadId: target.threadId,
          postId: id,
          before: post.content,
          after: input.content,
          actorId: viewer.userId,
          // As a new reply: the editor's tag here whether or not this reply is signed (modules/posts).
          actorTag: post.authorTag ?? viewer.authorTagOf?.(target.threadId) ?? null,
          isAnonymous: post.isAnonymous,
        });
      });
      if (outcome === 'conflict') return { conflict: await postAsAuthor(db, id, viewer) };
      await publishNotified(outcome);
      return { edited: await postAsAuthor(db, id, viewer) };
    },
  };
}

/**
 * A thread's title lives on in the timeline entries that quote it (its named author's
 * "Created thread", its repliers' "Replied in"): they follow the edit, so the old title
 * is not kept there after its author replaced it.
 */
async function retitleActivities(db: DbOrTx, threadId: number, title: string): Promise<void> {
  await db.execute(sql`UPDATE user_activities SET activity_data = jsonb_set(activity_data, '{title}', to_jsonb(${title}::text))
    WHERE activity_type IN ('thread_created', 'reply_created') AND activity_data @> jsonb_build_object('threadId', ${threadId}::int)`);
}

export type EditingService = ReturnType<typeof createEditingService>;
