import type { FastifyInstance } from 'fastify';
import { POLL_NOT_FOUND, pollVoteSchema } from '../../../shared/schemas/polls.js';
import { parseId } from '../../lib/params.js';
import { parseInput } from '../../lib/validate.js';
import { gated } from '../../plugins/gate.js';

export async function pollRoutes(app: FastifyInstance) {
  const { polls } = app.services;

  app.post<{ Params: { id: string } }>('/api/polls/:id/vote', gated({ user: true, ban: true }), async (request) => {
    request.requireUser();
    const pollId = parseId(request.params.id, POLL_NOT_FOUND);
    const { optionIds } = parseInput(pollVoteSchema, request.body);
    return polls.vote(pollId, request.requireAuthorKey(), optionIds);
  });
}
