import { z } from 'zod';

/** POST /api/threads/{id}/vote and /api/posts/{id}/vote. */
export const voteSchema = z.object({
  voteType: z.preprocess(
    (value) => (typeof value === 'string' ? Number(value) : value),
    z.union([z.literal(1), z.literal(-1)], { error: 'voteType must be 1 or -1' }),
  ),
});
