import type { FastifyInstance } from 'fastify';
import { threadVotesQuerySchema, voteSchema } from '../../../shared/schemas/votes.js';
import { POST_NOT_FOUND, THREAD_NOT_FOUND } from '../../lib/messages.js';
import { parseId } from '../../lib/params.js';
import { parseInput } from '../../lib/validate.js';
import { gated } from '../../plugins/gate.js';
import type { VoteTarget } from './service.js';

const kinds = [
  { path: 'threads', kind: 'thread', notFound: THREAD_NOT_FOUND },
  { path: 'posts', kind: 'post', notFound: POST_NOT_FOUND },
] as const;

export async function voteRoutes(app: FastifyInstance) {
  const { votes } = app.services;

  for (const { path, kind, notFound } of kinds) {
    const targetOf = (id: string): VoteTarget => ({ kind, id: parseId(id, notFound) });

    app.post<{ Params: { id: string } }>(`/api/${path}/:id/vote`, gated({ user: true, ban: true }), async (request) => {
      request.requireUser();
      const target = targetOf(request.params.id);
      const { voteType } = parseInput(voteSchema, request.body);
      return votes.vote(target, request.requireAuthorKey(), voteType);
    });

    app.get<{ Params: { id: string } }>(`/api/${path}/:id/user-vote`, async (request) =>
      votes.userVote(targetOf(request.params.id), request.authorKey),
    );
  }

  app.get('/api/user/thread-votes', async (request) => {
    request.requireUser();
    const { ids } = parseInput(threadVotesQuerySchema, request.query);
    return votes.threadVotes(ids, request.requireAuthorKey());
  });

  app.get<{ Params: { id: string } }>('/api/threads/:id/post-votes', async (request) =>
    votes.postVotesInThread(parseId(request.params.id, THREAD_NOT_FOUND), request.authorKey),
  );
}
