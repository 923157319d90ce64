import { and, eq, not, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Post } from '../../../shared/api.js';
import type { createPostSchema } from '../../../shared/schemas/posts.js';
import type { Db } from '../../db/client.js';
import { posts, threads, users } from '../../db/schema.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { imageColumns, type SaveImage, type UploadedImage } from '../../lib/form.js';
import type { Viewer } from '../../lib/viewer.js';
import { recordActivity } from '../activities/service.js';
import { hotScoreAfter } from '../threads/hot-score.js';
import { findPostRow } from '../threads/queries.js';
import { THREAD_NOT_FOUND } from '../threads/service.js';
import { serializePost } from './serializer.js';

type CreatePost = z.output<typeof createPostSchema>;

export const THREAD_LOCKED = 'This thread is locked. No new replies can be added.';

export function createPostService({ db, saveImage }: { db: Db; saveImage: SaveImage }) {
  return {
    /**
     * Adds a reply. The thread's replyCount and bumpedAt change in the same transaction
     * with an atomic increment, so counts stay exact under concurrent replies.
     */
    async createPost(input: CreatePost, author: { id: number; ipHash: string }, viewer: Viewer, image?: UploadedImage): Promise<Post> {
      const stored = image ? await saveImage(image) : undefined;
      const id = await db.transaction(async (tx) => {
        const [bumped] = await tx
          .update(threads)
          .set({ replyCount: sql`${threads.replyCount} + 1`, bumpedAt: sql`now()`, hotScore: hotScoreAfter({ replies: 1 }) })
          .where(and(eq(threads.id, input.threadId), not(threads.isDeleted), not(threads.isLocked)))
          .returning({ id: threads.id, title: threads.title });
        if (!bumped) {
          const [thread] = await tx.select({ isDeleted: threads.isDeleted }).from(threads).where(eq(threads.id, input.threadId));
          if (!thread || thread.isDeleted) throw new NotFoundError(THREAD_NOT_FOUND);
          throw new ForbiddenError(THREAD_LOCKED);
        }
        if (input.replyToId !== undefined) {
          const [target] = await tx.select({ threadId: posts.threadId }).from(posts).where(eq(posts.id, input.replyToId));
          if (target?.threadId !== input.threadId) {
            throw new ValidationError('You can only reply to a post in the same thread', { replyToId: 'You can only reply to a post in the same thread' });
          }
        }
        const [post] = await tx
          .insert(posts)
          .values({
            threadId: input.threadId,
            userId: author.id,
            content: input.content,
            isAnonymous: input.isAnonymous,
            replyToId: input.replyToId ?? null,
            ipHash: author.ipHash,
            ...imageColumns(stored),
          })
          .returning({ id: posts.id });
        await tx
          .update(users)
          .set({ postCount: sql`${users.postCount} + 1` })
          .where(eq(users.id, author.id));
        await recordActivity(tx, author.id, author.ipHash, { type: 'reply_created', threadId: input.threadId, postId: post!.id, title: bumped.title });
        return post!.id;
      });
      return serializePost((await findPostRow(db, id))!, viewer);
    },
  };
}

export type PostService = ReturnType<typeof createPostService>;
