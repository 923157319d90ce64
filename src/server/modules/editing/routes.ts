import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { editPostSchema, editThreadSchema } from '../../../shared/schemas/editing.js';
import { POST_NOT_FOUND, THREAD_NOT_FOUND } from '../../lib/messages.js';
import { parseId } from '../../lib/params.js';
import { parseInput } from '../../lib/validate.js';
import { viewerOf } from '../../lib/viewer.js';
import { gated } from '../../plugins/gate.js';
import type { HistoryTarget } from './history.js';
import { EDITED_ELSEWHERE, type EditResult } from './service.js';

type IdParams = { Params: { id: string } };

const threadEdit = (request: FastifyRequest) => parseInput(editThreadSchema, request.body);
const postEdit = (request: FastifyRequest) => parseInput(editPostSchema, request.body);

/** 200 with the updated object, or 409 with the current one (CONTRACT.md section 14). */
function answer<T>(reply: FastifyReply, result: EditResult<T>) {
  if ('conflict' in result) return reply.code(409).send({ message: EDITED_ELSEWHERE, current: result.conflict });
  return reply.send(result.edited);
}

/**
 * Edits (PATCH) and the private history (GET, DELETE) of threads and posts, for their
 * authors only (CONTRACT.md section 14). An edit is a write like posting: refused under a
 * ban or an author suspension, counted against the `edit` limit.
 */
export async function editingRoutes(app: FastifyInstance) {
  const { editing, history } = app.services;
  const editGate = (input: (request: FastifyRequest) => unknown) => gated({ user: true, ban: true, rateLimit: 'edit', input });

  app.patch<IdParams>('/api/threads/:id', editGate(threadEdit), async (request, reply) => {
    const user = request.requireUser();
    const id = parseId(request.params.id, THREAD_NOT_FOUND);
    return answer(reply, await editing.editThread({ ...viewerOf(request), userId: user.id }, id, threadEdit(request)));
  });

  app.patch<IdParams>('/api/posts/:id', editGate(postEdit), async (request, reply) => {
    const user = request.requireUser();
    const id = parseId(request.params.id, POST_NOT_FOUND);
    return answer(reply, await editing.editPost({ ...viewerOf(request), userId: user.id }, id, postEdit(request)));
  });

  const targets: [string, (id: string) => HistoryTarget][] = [
    ['/api/threads/:id/history', (id) => ({ kind: 'thread', id: parseId(id, THREAD_NOT_FOUND) })],
    ['/api/posts/:id/history', (id) => ({ kind: 'post', id: parseId(id, POST_NOT_FOUND) })],
  ];
  for (const [path, targetOf] of targets) {
    app.get<IdParams>(path, async (request, reply) => {
      const user = request.requireUser();
      const target = targetOf(request.params.id);
      // The author's own earlier text: never kept by a browser or a shared cache.
      reply.header('cache-control', 'private, no-store');
      return history.list({ id: user.id, authorTagOf: viewerOf(request).authorTagOf }, target);
    });
    app.delete<IdParams>(path, gated({ user: true, ban: false }), async (request, reply) => {
      const user = request.requireUser();
      await history.erase({ id: user.id, authorTagOf: viewerOf(request).authorTagOf }, targetOf(request.params.id));
      return reply.code(204).send();
    });
  }
}
