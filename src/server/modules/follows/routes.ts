import type { FastifyInstance } from 'fastify';
import { USER_NOT_FOUND } from '../../lib/messages.js';
import { parseId } from '../../lib/params.js';
import { gated } from '../../plugins/gate.js';

type WithId = { Params: { id: string } };

export async function followRoutes(app: FastifyInstance) {
  const { follows } = app.services;
  const idOf = (request: { params: { id: string } }) => parseId(request.params.id, USER_NOT_FOUND);

  app.get<WithId>('/api/users/:id/follow-stats', async (request) => follows.stats(idOf(request)));
  app.get<WithId>('/api/users/:id/is-following', async (request) => follows.isFollowing(request.user?.id ?? null, idOf(request)));

  app.post<WithId>('/api/users/:id/follow', gated({ ban: false }), async (request) => {
    const user = request.requireUser();
    return follows.follow(user.id, idOf(request));
  });

  app.delete<WithId>('/api/users/:id/follow', gated({ ban: false }), async (request) => {
    const user = request.requireUser();
    return follows.unfollow(user.id, idOf(request));
  });
}
