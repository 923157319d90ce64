import { z } from 'zod';
import { THREADS_PER_PAGE_MAX } from '../constants.js';

/** POST /api/threads/{id}/vote and /api/posts/{id}/vote. */
export const voteSchema = z.object({
  voteType: z.preprocess(
    (value) => (typeof value === 'string' ? Number(value) : value),
    z.union([z.literal(1), z.literal(-1)], { error: 'voteType must be 1 or -1' }),
  ),
});

const THREAD_IDS_MESSAGE = `ids must be 1 to ${THREADS_PER_PAGE_MAX} thread ids, comma-separated`;

/** GET /api/user/thread-votes?ids=1,2,3: a list page's threads (at most a page of them). */
export const threadVotesQuerySchema = z.object({
  ids: z
    .string({ error: THREAD_IDS_MESSAGE })
    .regex(/^\d{1,10}(,\d{1,10})*$/, THREAD_IDS_MESSAGE)
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .refine((ids) => ids.length <= THREADS_PER_PAGE_MAX && ids.every((id) => id >= 1 && id <= 2 ** 31 - 1), THREAD_IDS_MESSAGE),
});
