import { z } from 'zod';
import { THREAD_CONTENT_MAX } from '../constants.js';
import { createPostSchema } from './posts.js';
import { createThreadSchema } from './threads.js';

export const VERSION_REQUIRED = 'version must be the version the edit is based on';
export const NOTHING_TO_EDIT = 'Change the title, the content or the premium content';

/** The version an edit was based on (CONTRACT.md section 14): a whole number from 0. */
const version = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z.number({ error: VERSION_REQUIRED }).int(VERSION_REQUIRED).min(0, VERSION_REQUIRED).max(2_147_483_647, VERSION_REQUIRED),
);

/**
 * PATCH /api/posts/{id} and the inline edit form of a reply: the content under the
 * rule and messages of a new reply.
 */
export const editPostSchema = z.object({
  content: createPostSchema.shape.content,
  version,
});
export type EditPostInput = z.input<typeof editPostSchema>;

/**
 * PATCH /api/threads/{id} and the thread's edit form: each field optional, each under the
 * rule and messages of a new thread. Premium content may be emptied ('').
 */
export const editThreadSchema = z
  .object({
    title: createThreadSchema.shape.title.optional(),
    content: createThreadSchema.shape.content.optional(),
    premiumContent: z.string().trim().max(THREAD_CONTENT_MAX, 'Premium content must be less than 20000 characters').optional(),
    version,
  })
  .refine((edit) => edit.title !== undefined || edit.content !== undefined || edit.premiumContent !== undefined, {
    path: ['content'],
    message: NOTHING_TO_EDIT,
  });
export type EditThreadInput = z.input<typeof editThreadSchema>;
