import type { FastifyInstance } from 'fastify';
import { linkWalletSchema, walletChallengeSchema } from '../../../shared/schemas/wallets.js';
import { siteOrigin } from '../../lib/site-origin.js';
import { parseInput } from '../../lib/validate.js';
import { gated } from '../../plugins/gate.js';

/** Wallet links: logged-in users only (CONTRACT.md section 7). */
export async function walletRoutes(app: FastifyInstance) {
  const { wallets } = app.services;

  app.post('/api/wallets/challenge', gated({ ban: false }), async (request) => {
    const user = request.requireUser();
    const { address } = parseInput(walletChallengeSchema, request.body);
    // The site the wallet shows the user: PUBLIC_URL, else the origin the request names (lib/site-origin.ts).
    const origin = new URL(siteOrigin(request).href);
    return wallets.challenge(user.id, address, { domain: origin.host, uri: origin.origin });
  });

  app.post('/api/wallets', gated({ ban: false }), async (request, reply) => {
    const user = request.requireUser();
    const { message, signature } = parseInput(linkWalletSchema, request.body);
    return reply.code(201).send(await wallets.link(user.id, message, signature));
  });

  app.get('/api/wallets', async (request) => wallets.list(request.requireUser().id));

  app.delete<{ Params: { address: string } }>('/api/wallets/:address', gated({ ban: false }), async (request, reply) => {
    const user = request.requireUser();
    await wallets.unlink(user.id, request.params.address);
    return reply.code(204).send();
  });
}
