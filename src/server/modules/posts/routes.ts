import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createPostSchema } from '../../../shared/schemas/posts.js';
import { readForm } from '../../lib/form.js';
import { parseInput } from '../../lib/validate.js';
import { viewerOf } from '../../lib/viewer.js';
import { gated } from '../../plugins/gate.js';
import { multipartRoutes } from '../../plugins/multipart.js';

const postInput = (request: FastifyRequest) => parseInput(createPostSchema, readForm(request).fields);

export async function postRoutes(app: FastifyInstance) {
  const { posts } = app.services;
  await multipartRoutes(app, (scope) =>
    scope.post('/api/posts', gated({ user: true, ban: true, input: postInput, pow: 'reply' }), async (request, reply) => {
      const user = request.requireUser();
      const { image } = readForm(request);
      const input = postInput(request);
      const post = await posts.createPost(input, { id: user.id, ipHash: await request.contentIpHash(input.isAnonymous) }, viewerOf(request), image);
      return reply.code(201).send(post);
    }),
  );
}
