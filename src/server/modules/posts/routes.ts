import type { FastifyInstance } from 'fastify';
import { createPostSchema } from '../../../shared/schemas/posts.js';
import { readForm } from '../../lib/form.js';
import { parseInput } from '../../lib/validate.js';
import { viewerOf } from '../../lib/viewer.js';
import { multipartRoutes } from '../../plugins/multipart.js';

export async function postRoutes(app: FastifyInstance) {
  const { posts } = app.services;
  await multipartRoutes(app, (scope) =>
    scope.post('/api/posts', async (request, reply) => {
      const user = request.requireUser();
      await request.assertNotBanned();
      const { fields, image } = readForm(request);
      const input = parseInput(createPostSchema, fields);
      await app.powGate.check(request, 'reply');
      const post = await posts.createPost(input, { id: user.id, ipHash: request.ipHash }, viewerOf(request), image);
      return reply.code(201).send(post);
    }),
  );
}
