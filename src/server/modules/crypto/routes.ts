import type { FastifyInstance } from 'fastify';
import { addAddressSchema, tipSchema } from '../../../shared/schemas/crypto.js';
import { POST_NOT_FOUND, THREAD_NOT_FOUND, USER_NOT_FOUND } from '../../lib/messages.js';
import { parseId } from '../../lib/params.js';
import { parseInput } from '../../lib/validate.js';
import { viewerOf } from '../../lib/viewer.js';
import { gated } from '../../plugins/gate.js';
import { ADDRESS_NOT_FOUND, namedUser } from './addresses.js';

type WithId = { Params: { id: string } };
type LookUp = { Params: { id: string; currency: string } };

/** Receiving addresses, their look-ups, and tips (CONTRACT.md sections 4 and 7). */
export async function cryptoRoutes(app: FastifyInstance) {
  const { addresses, tips } = app.services;

  // Marked addresses are sealed under the author key the session opened (lib/anonymous-addresses.ts).
  app.get('/api/crypto/addresses', async (request) => addresses.list(request.requireUser().id, request.authorKey));

  app.post('/api/crypto/addresses', gated({ ban: false }), async (request, reply) => {
    const user = request.requireUser();
    const input = parseInput(addAddressSchema, request.body);
    return reply.code(201).send(await addresses.add(user.id, request.authorKey, input));
  });

  app.delete<WithId>('/api/crypto/addresses/:id', gated({ ban: false }), async (request, reply) => {
    const user = request.requireUser();
    await addresses.remove(user.id, request.authorKey, parseId(request.params.id, ADDRESS_NOT_FOUND));
    return reply.code(204).send();
  });

  app.get<LookUp>('/api/users/:id/crypto-address/:currency', async (request) =>
    addresses.lookUp(namedUser(parseId(request.params.id, USER_NOT_FOUND)), request.params.currency),
  );
  app.get<LookUp>('/api/threads/:id/author/crypto-address/:currency', async (request) =>
    addresses.lookUp(await addresses.threadAuthor(parseId(request.params.id, THREAD_NOT_FOUND)), request.params.currency),
  );
  app.get<LookUp>('/api/posts/:id/author/crypto-address/:currency', async (request) =>
    addresses.lookUp(await addresses.postAuthor(parseId(request.params.id, POST_NOT_FOUND)), request.params.currency),
  );

  app.post('/api/crypto/tips', gated({ user: true, ban: true }), async (request, reply) => {
    const user = request.requireUser();
    const input = parseInput(tipSchema, request.body);
    return reply.code(201).send(await tips.submit(input, { id: user.id, ipHash: request.ipHash }, viewerOf(request)));
  });

  app.get<WithId>('/api/threads/:id/tips', async (request) => tips.forThread(parseId(request.params.id, THREAD_NOT_FOUND)));
  app.get<WithId>('/api/threads/:id/post-tips', async (request) => tips.forThreadPosts(parseId(request.params.id, THREAD_NOT_FOUND)));
  app.get<WithId>('/api/posts/:id/tips', async (request) => tips.forPost(parseId(request.params.id, POST_NOT_FOUND)));
  app.get('/api/user/tips', async (request) => tips.sentBy(request.requireUser().id));
}
