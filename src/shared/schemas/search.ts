import { z } from 'zod';
import { SEARCH_QUERY_MIN } from '../constants.js';
import { SEARCH_TOO_SHORT } from '../search-query.js';

export { SEARCH_TOO_SHORT };

/** GET /api/search (`query` or `q`) and the search box: at least 3 non-blank characters. */
export const searchQuerySchema = z.string({ error: SEARCH_TOO_SHORT }).trim().min(SEARCH_QUERY_MIN, SEARCH_TOO_SHORT).max(200, 'Search query is too long');

export const searchRequestSchema = z
  .object({
    query: z.string().optional(),
    q: z.string().optional(),
    type: z.enum(['all', 'threads', 'posts'], { error: 'type must be all, threads or posts' }).default('all'),
  })
  .transform(({ query, q, type }, ctx) => {
    const parsed = searchQuerySchema.safeParse(query ?? q);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', path: ['query'], message: parsed.error.issues[0]?.message ?? SEARCH_TOO_SHORT });
      return z.NEVER;
    }
    return { query: parsed.data, type };
  });
