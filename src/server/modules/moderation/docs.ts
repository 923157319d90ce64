import { z } from 'zod';
import { apiSchemas as s } from '../../../shared/api-schemas.js';
import { banIpSchema, lockSchema, moderationLogQuerySchema, stickySchema, userStatusSchema } from '../../../shared/schemas/moderation.js';
import { routeDocs } from '../../lib/route-doc.js';

/** The OpenAPI entries of routes.ts (lib/route-doc.ts), but for the deletions (deletion-docs.ts). */
export const moderationDocs = routeDocs('Moderation', {
  'PATCH /api/threads/:id/sticky': { summary: 'Pin or unpin a thread', access: 'admin', body: stickySchema, responses: { 200: s.Thread } },
  'PATCH /api/threads/:id/lock': { summary: 'Lock or unlock a thread', access: 'admin', body: lockSchema, responses: { 200: s.Thread } },
  'GET /api/moderation/banned-ips': { summary: 'The bans in force, newest first', access: 'admin', responses: { 200: s.BanList } },
  'POST /api/moderation/ban-ip': { summary: 'Ban an IP hash', access: 'admin', body: banIpSchema, responses: { 201: s.Ban } },
  'DELETE /api/moderation/ban-ip/:ipHash': {
    summary: 'Lift a ban',
    access: 'admin',
    params: z.object({ ipHash: z.string().describe('The banned IP hash (64 hex digits).') }),
    responses: { 204: null },
  },
  'GET /api/moderation/threads/:id/ip-hashes': { summary: "The IP hashes a thread's content came from", access: 'admin', responses: { 200: s.IpHashes } },
  'PATCH /api/moderation/users/:id': {
    summary: 'Suspend or reactivate an account',
    description: 'An admin cannot suspend themself (400).',
    access: 'admin', body: userStatusSchema, responses: { 200: s.CurrentUser },
  },
  'GET /api/moderation/log': {
    summary: 'The moderation log, newest first, 50 a page',
    access: 'admin', query: moderationLogQuerySchema, responses: { 200: z.array(s.ModerationLogEntry) },
  },
});
