import { apiSchemas as s } from '../../../shared/api-schemas.js';
import { pollVoteSchema } from '../../../shared/schemas/polls.js';
import { routeDocs } from '../../lib/route-doc.js';

/** The OpenAPI entries of routes.ts (lib/route-doc.ts). */
export const pollDocs = routeDocs('Polls', {
  'POST /api/polls/:id/vote': {
    summary: "Vote in a thread's poll, or change the vote",
    description:
      'One ballot per account, changeable until the poll closes (403 `This poll is closed` from `closesAt` on). ' +
      'A single-choice poll takes one option id; an id that is not one of the poll\'s options answers 400. ' +
      "The ballot is kept under the voter's tag for the poll, never their account: nobody, admins included, can tell who voted for what.",
    access: 'user',
    bannable: true,
    body: pollVoteSchema,
    responses: { 200: s.Poll },
  },
});
