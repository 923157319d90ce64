import type { FastifyInstance } from 'fastify';
import { pageQuerySchema } from '../../../shared/schemas/users.js';
import { THREAD_NOT_FOUND } from '../../lib/messages.js';
import { parseId } from '../../lib/params.js';
import { parseInput } from '../../lib/validate.js';
import { viewerOf } from '../../lib/viewer.js';
import { gated } from '../../plugins/gate.js';

type WithId = { Params: { id: string } };

export async function savedThreadRoutes(app: FastifyInstance) {
  const { saved } = app.services;
  const idOf = (request: { params: { id: string } }) => parseId(request.params.id, THREAD_NOT_FOUND);

  app.get('/api/user/saved-threads', async (request) => {
    const user = request.requireUser();
    const { page } = parseInput(pageQuerySchema, request.query);
    return saved.list({ ...viewerOf(request), userId: user.id }, page);
  });

  app.get<WithId>('/api/threads/:id/saved', async (request) => saved.isSaved(request.user?.id ?? null, idOf(request)));

  app.put<WithId>('/api/threads/:id/save', gated({ ban: false }), async (request) => saved.save(request.requireUser().id, idOf(request)));

  app.delete<WithId>('/api/threads/:id/save', gated({ ban: false }), async (request) => saved.unsave(request.requireUser().id, idOf(request)));
}
