import { z } from 'zod';
import { apiSchemas as s } from '../../../shared/api-schemas.js';
import { threadVotesQuerySchema, voteSchema } from '../../../shared/schemas/votes.js';
import { routeDocs, type RouteEntry } from '../../lib/route-doc.js';

const vote = (kind: string): RouteEntry => ({
  summary: `Vote on a ${kind}`,
  description: 'The same vote again takes it back; the other direction changes it.',
  access: 'user', bannable: true, body: voteSchema, responses: { 200: s.VoteResult },
});
const userVote = (kind: string): RouteEntry => ({ summary: `The viewer's vote on a ${kind}`, access: 'visitor', responses: { 200: s.UserVote } });

/** The OpenAPI entries of routes.ts (lib/route-doc.ts). */
export const voteDocs = routeDocs('Votes', {
  'POST /api/threads/:id/vote': vote('thread'),
  'GET /api/threads/:id/user-vote': userVote('thread'),
  'POST /api/posts/:id/vote': vote('reply'),
  'GET /api/posts/:id/user-vote': userVote('reply'),
  'GET /api/user/thread-votes': { summary: "The viewer's votes on a list page's threads", access: 'user', query: threadVotesQuerySchema, responses: { 200: z.array(s.ThreadVote) } },
  'GET /api/threads/:id/post-votes': { summary: "The viewer's votes on a thread's replies", description: 'Empty for visitors.', access: 'visitor', responses: { 200: z.array(s.PostVote) } },
});
