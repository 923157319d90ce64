import { z } from 'zod';
import { apiSchemas as s } from '../../../shared/api-schemas.js';
import {
  appealDecisionSchema,
  appealSchema,
  banIpSchema,
  banPreviewQuerySchema,
  lockSchema,
  moderationLogQuerySchema,
  publicLogQuerySchema,
  stickySchema,
  suspendAuthorSchema,
  userStatusSchema,
} from '../../../shared/schemas/moderation.js';
import { routeDocs } from '../../lib/route-doc.js';

/** The OpenAPI entries of routes.ts (lib/route-doc.ts), but for the deletions (deletion-docs.ts). */
export const moderationDocs = routeDocs('Moderation', {
  'PATCH /api/threads/:id/sticky': { summary: 'Pin or unpin a thread', access: 'admin', body: stickySchema, responses: { 200: s.Thread } },
  'PATCH /api/threads/:id/lock': { summary: 'Lock or unlock a thread', access: 'admin', body: lockSchema, responses: { 200: s.Thread } },
  'GET /api/moderation/banned-ips': { summary: 'The bans in force, newest first', access: 'admin', responses: { 200: s.BanList } },
  'POST /api/moderation/ban-ip': {
    summary: 'Ban an IP hash, or the subnet or wide range around it',
    description: '`scope` `subnet` bans the IPv4 /24 (IPv6 /64), `wide` the /16 (/48); a range needs the hash to be known (400 on `scope` once erased).',
    access: 'admin', body: banIpSchema, responses: { 201: s.Ban },
  },
  'GET /api/moderation/ban-ip/preview': {
    summary: 'How many known IP hashes a ban of that scope would cover',
    access: 'admin', query: banPreviewQuerySchema, responses: { 200: s.BanPreview },
  },
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
  'POST /api/moderation/suspend-author': {
    summary: 'Suspend the author of an anonymous thread or post, without learning who it is',
    description:
      "Recorded against the content's author tag, never an account: from the author's next sign-in or signed-in request, their registering, logging in, posting, voting, tipping and reporting answer 403 with the ban. Signed content (suspend its account) and content whose author can no longer be recognised are 400; unknown or deleted content 404. Suspending the same author in the same thread again re-decides the suspension.",
    access: 'admin', body: suspendAuthorSchema, responses: { 201: s.SuspensionCreated }, errors: [404],
  },
  'GET /api/moderation/suspensions': { summary: 'The author suspensions in force, newest first', access: 'admin', responses: { 200: z.array(s.AuthorSuspension) } },
  'DELETE /api/moderation/suspend-author/:id': {
    summary: 'Lift an author suspension',
    description: 'An unknown, lifted or expired suspension is a 404.',
    access: 'admin', responses: { 204: null }, errors: [404],
  },
  'GET /api/moderation/log': {
    summary: 'The moderation log, newest first, 50 a page',
    access: 'admin', query: moderationLogQuerySchema, responses: { 200: z.array(s.ModerationLogEntry) },
  },
  'GET /api/bans/mine': {
    summary: "The caller's ban in force and its appeal, or null",
    description:
      "Known by the address (its hashes), signed in or not: a banned visitor cannot log in. Without an IP ban, the caller's author suspension: by their author key when signed in, else the one their refused sign-in's cookie names.",
    access: 'visitor', responses: { 200: s.MyBan },
  },
  'POST /api/bans/appeal': {
    summary: "Appeal the caller's ban",
    description: 'One appeal per person per ban (409 after): behind a range ban, each address appeals for itself; 404 when the caller is not banned.',
    access: 'visitor', body: appealSchema, responses: { 201: s.MyAppeal }, errors: [404, 409],
  },
  'GET /api/moderation/appeals': {
    summary: 'The appeal queue: pending first (oldest first), then decided ones',
    access: 'admin', responses: { 200: z.array(s.Appeal) },
  },
  'PATCH /api/moderation/appeals/:id': {
    summary: 'Accept (lifts the ban, closing its other pending appeals as accepted) or deny an appeal',
    description: 'A denial needs a `response`, which the visitor sees; a decided appeal is a 409.',
    access: 'admin', body: appealDecisionSchema, responses: { 200: s.Appeal }, errors: [409],
  },
  'GET /api/moderation/public-log': {
    summary: 'The public moderation log, newest first, 50 a page',
    description: 'What was done, to what (in words), why and when; never who moderated, never an IP hash.',
    access: 'visitor', query: publicLogQuerySchema, responses: { 200: z.array(s.PublicModerationLogEntry) },
  },
});
