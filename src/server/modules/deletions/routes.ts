import type { FastifyInstance } from 'fastify';
import { POST_NOT_FOUND, THREAD_NOT_FOUND } from '../../lib/messages.js';
import { parseId } from '../../lib/params.js';
import { viewerOf } from '../../lib/viewer.js';
import { gated } from '../../plugins/gate.js';

type IdParams = { Params: { id: string } };

/**
 * DELETE for threads and posts (CONTRACT.md section 11): their authors and admins, with
 * the same calls. Visitors get 401, other users 403 (the service decides, once it has
 * the row), an unknown or already deleted id 404.
 */
export async function deletionRoutes(app: FastifyInstance) {
  const { deletions } = app.services;

  app.delete<IdParams>('/api/threads/:id', gated({ ban: false }), async (request, reply) => {
    const user = request.requireUser();
    await deletions.deleteThread({ id: user.id, isAdmin: user.isAdmin, authorTagOf: viewerOf(request).authorTagOf }, parseId(request.params.id, THREAD_NOT_FOUND), request.log);
    return reply.code(204).send();
  });

  app.delete<IdParams>('/api/posts/:id', gated({ ban: false }), async (request, reply) => {
    const user = request.requireUser();
    await deletions.deletePost({ id: user.id, isAdmin: user.isAdmin, authorTagOf: viewerOf(request).authorTagOf }, parseId(request.params.id, POST_NOT_FOUND), request.log);
    return reply.code(204).send();
  });
}
