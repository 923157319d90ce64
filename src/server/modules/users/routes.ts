import type { FastifyInstance } from 'fastify';
import { pageQuerySchema, updateProfileSchema } from '../../../shared/schemas/users.js';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors.js';
import { USER_NOT_FOUND } from '../../lib/messages.js';
import { parseId } from '../../lib/params.js';
import { parseInput } from '../../lib/validate.js';
import { viewerOf } from '../../lib/viewer.js';
import { gated } from '../../plugins/gate.js';

type WithId = { Params: { id: string } };

/** Profiles, their thread and post lists, profile edits and the own activity timeline. */
export async function userRoutes(app: FastifyInstance) {
  const { users, activities } = app.services;
  const idOf = (request: { params: { id: string } }) => parseId(request.params.id, USER_NOT_FOUND);

  app.get<WithId>('/api/users/:id', async (request) => users.profile(idOf(request), viewerOf(request)));

  app.get<{ Params: { username: string } }>('/api/users/by-name/:username', async (request) => users.byUsername(request.params.username));

  app.get<WithId>('/api/users/:id/threads', async (request) => {
    const { page } = parseInput(pageQuerySchema, request.query);
    return users.threads(idOf(request), page, viewerOf(request));
  });

  app.get<WithId>('/api/users/:id/posts', async (request) => {
    const { page } = parseInput(pageQuerySchema, request.query);
    return users.posts(idOf(request), page, viewerOf(request));
  });

  app.patch<WithId>('/api/users/:id', gated({ ban: false }), async (request) => {
    const user = request.requireUser();
    const id = idOf(request);
    const input = parseInput(updateProfileSchema, request.body);
    return users.update(id, input, { ...viewerOf(request), userId: user.id });
  });

  app.get<WithId>('/api/users/:id/activities', async (request) => {
    const id = idOf(request);
    if (!request.user) throw new UnauthorizedError();
    // A timeline is private to its owner, admins included.
    if (request.user.id !== id) throw new ForbiddenError('You can only see your own activity');
    return activities.list(id, request.authorKey);
  });
}
