import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { createPostSchema } from '../../../../shared/schemas/posts.js';
import { imageField } from '../../../lib/image-field';

/** The reply form's rules: the API's own (createPostSchema) and the image's. Loaded on demand by ReplyForm. */
export const replyFormSchema = createPostSchema.extend({ image: imageField });
export type ReplyFormInput = z.input<typeof replyFormSchema>;
export type ReplyFormOutput = z.output<typeof replyFormSchema>;
export const replyFormResolver = zodResolver(replyFormSchema);
