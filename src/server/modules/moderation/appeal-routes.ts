import type { FastifyInstance } from 'fastify';
import { appealDecisionSchema, appealSchema, publicLogQuerySchema } from '../../../shared/schemas/moderation.js';
import { parseId } from '../../lib/params.js';
import { parseInput } from '../../lib/validate.js';
import { APPEAL_NOT_FOUND } from './appeals.js';
import { gated } from '../../plugins/gate.js';

/**
 * The banned visitor's side of a ban (their ban, their appeal), the admins' appeal
 * queue, and the public moderation log (CONTRACT.md section 11). A visitor is known here
 * only by the hashes of their address (plugins/client-ip.ts): a banned visitor cannot
 * log in, and an appeal must not need an account. A suspended author (section 13) is
 * known by their key when signed in, else by the appeal cookie their refused sign-in
 * got (plugins/author-suspension.ts); never by an account.
 */
export async function appealRoutes(app: FastifyInstance) {
  const { appeals, moderation } = app.services;

  app.get('/api/bans/mine', async (request, reply) => {
    // The answer depends on the address, not on a cookie: no shared cache may keep it.
    reply.header('cache-control', 'private, no-store');
    return appeals.mine({ ipHash: request.ipHash, banKeys: request.banKeys }, () => request.ownSuspension());
  });

  // The banned visitor's own way out: the one write a ban must not refuse.
  app.post('/api/bans/appeal', gated({ ban: false }), async (request, reply) => {
    const { message } = parseInput(appealSchema, request.body);
    return reply.code(201).send(await appeals.appeal({ ipHash: request.ipHash, banKeys: request.banKeys }, message, () => request.ownSuspension()));
  });

  app.get('/api/moderation/appeals', async (request) => {
    request.requireAdmin();
    return appeals.list();
  });

  app.patch<{ Params: { id: string } }>('/api/moderation/appeals/:id', gated({ ban: false }), async (request) => {
    const admin = request.requireAdmin();
    const id = parseId(request.params.id, APPEAL_NOT_FOUND);
    return appeals.decide(admin.id, id, parseInput(appealDecisionSchema, request.body));
  });

  app.get('/api/moderation/public-log', async (request) => {
    const { before } = parseInput(publicLogQuerySchema, request.query);
    return moderation.publicLog({ beforeId: before });
  });
}
