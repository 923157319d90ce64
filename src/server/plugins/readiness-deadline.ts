import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseWatch } from '../db/availability.js';

/** /readyz answers 503 within this when the database does not answer (CONTRACT.md section 1: within one second). */
const READY_DEADLINE_MS = 800;

/**
 * Bounds GET /readyz: before the readiness route runs its own checks, the database must
 * answer within READY_DEADLINE_MS (at once no while it is known down), else 503 with the
 * route's own message. A frozen database would otherwise hold the probe until the pool
 * gives up on it (db/availability.ts), which takes longer than a load balancer waits.
 */
export const readinessDeadlinePlugin = fp(async (app: FastifyInstance, { watch }: { watch: DatabaseWatch }) => {
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url !== '/readyz') return;
    if (!(await watch.answersWithin(READY_DEADLINE_MS))) {
      request.log.warn({ down: watch.down }, 'readiness check failed');
      return reply.code(503).send({ message: 'Database unavailable' });
    }
  });
});
