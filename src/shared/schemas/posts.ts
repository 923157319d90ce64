import { z } from 'zod';
import { REPLY_CONTENT_MAX } from '../constants.js';
import { booleanField, idField, optionalIdField } from './fields.js';

/** POST /api/posts (JSON or multipart) and the reply form (SPEC.md section 5). */
export const createPostSchema = z.object({
  threadId: idField('threadId must be a thread id'),
  content: z
    .string({ error: 'Reply cannot be empty' })
    .trim()
    .min(1, 'Reply cannot be empty')
    .max(REPLY_CONTENT_MAX, 'Reply must be less than 2000 characters'),
  isAnonymous: booleanField(true),
  replyToId: optionalIdField('replyToId must be a post id'),
});
export type CreatePostInput = z.input<typeof createPostSchema>;
