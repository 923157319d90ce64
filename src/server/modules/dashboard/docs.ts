import { apiSchemas as s } from '../../../shared/api-schemas.js';
import { moderationStatsQuerySchema } from '../../../shared/schemas/moderation.js';
import { routeDocs } from '../../lib/route-doc.js';

/** The OpenAPI entries of routes.ts (lib/route-doc.ts). */
export const dashboardDocs = routeDocs('Moderation', {
  'GET /api/moderation/stats': {
    summary: "The admins' dashboard: counts per UTC day, active boards, storage, job health",
    description:
      'Posts, threads, new accounts, reports, bans (IP and range bans and author suspensions) and appeals created on each of the last `days` UTC days (7 by default; 7, 30 or 90), zero-filled, oldest first; ' +
      'boards with a new thread or reply in that period; the database size and the local uploads folder size (null with S3_BUCKET); each background job\'s last run. Counts only: never a list of people.',
    access: 'admin',
    query: moderationStatsQuerySchema,
    responses: { 200: s.ModerationStats },
  },
});
