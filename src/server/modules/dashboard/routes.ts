import type { FastifyInstance } from 'fastify';
import { moderationStatsQuerySchema } from '../../../shared/schemas/moderation.js';
import { parseInput } from '../../lib/validate.js';

/** The admins' dashboard (CONTRACT.md section 18): 401 to visitors, 403 to other users, 400 for a period not offered. */
export async function dashboardRoutes(app: FastifyInstance) {
  const { dashboard } = app.services;
  app.get('/api/moderation/stats', async (request, reply) => {
    request.requireAdmin();
    const { days } = parseInput(moderationStatsQuerySchema, request.query);
    return reply.header('cache-control', 'private, no-store').send(await dashboard.stats(days));
  });
}
