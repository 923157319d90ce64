import type { FastifyInstance } from 'fastify';
import { purchaseAccessSchema, purchaseMembershipSchema } from '../../../shared/schemas/premium.js';
import { THREAD_NOT_FOUND } from '../../lib/messages.js';
import { parseId } from '../../lib/params.js';
import { parseInput } from '../../lib/validate.js';
import { viewerOf } from '../../lib/viewer.js';
import { gated } from '../../plugins/gate.js';

type WithThread = { Params: { threadId: string } };

export async function premiumRoutes(app: FastifyInstance) {
  const { premium } = app.services;
  const threadIdOf = (request: { params: { threadId: string } }) => parseId(request.params.threadId, THREAD_NOT_FOUND);

  app.get<WithThread>('/api/premium/check-access/:threadId', async (request) => premium.checkAccess(threadIdOf(request), viewerOf(request)));
  app.get<WithThread>('/api/premium/payment-address/:threadId', async (request) => premium.paymentAddressOf(threadIdOf(request)));
  app.get('/api/premium/membership-plans', async () => premium.plans());

  app.post('/api/premium/purchase-access', gated({ ban: false }), async (request, reply) => {
    const user = request.requireUser();
    const input = parseInput(purchaseAccessSchema, request.body);
    return reply.code(201).send(await premium.purchaseAccess(input, { id: user.id, ipHash: request.ipHash }));
  });

  app.post('/api/premium/purchase-membership', gated({ ban: false }), async (request, reply) => {
    const user = request.requireUser();
    const input = parseInput(purchaseMembershipSchema, request.body);
    return reply.code(201).send(await premium.purchaseMembership(input, { id: user.id, ipHash: request.ipHash }));
  });
}
