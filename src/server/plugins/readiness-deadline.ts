import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseWatch } from '../db/availability.js';
import type { RedisLink } from '../lib/redis.js';

/** /readyz answers 503 within this when a dependency does not answer (CONTRACT.md section 1: within one second). */
const READY_DEADLINE_MS = 800;

/** Something /readyz waits for: it answers within the deadline, or the instance is not ready. */
interface ReadinessCheck {
  /** The 503's message when it does not answer. */
  message: string;
  answersWithin(ms: number): Promise<boolean>;
  readonly down: string | undefined;
}

/**
 * Bounds GET /readyz: before the readiness route runs its own checks, the database (and
 * Redis, when REDIS_URL is set) must answer within READY_DEADLINE_MS, asked at once
 * side by side (at once no while one is known down), else 503 naming the first that did
 * not. A frozen database would otherwise hold the probe until the pool gives up on it
 * (db/availability.ts), which takes longer than a load balancer waits.
 */
export const readinessDeadlinePlugin = fp(async (app: FastifyInstance, { watch, redis }: { watch: DatabaseWatch; redis?: RedisLink | undefined }) => {
  const checks: ReadinessCheck[] = [{ message: 'Database unavailable', answersWithin: (ms) => watch.answersWithin(ms), get down() { return watch.down; } }];
  if (redis) checks.push({ message: 'Redis unavailable', answersWithin: (ms) => redis.answersWithin(ms), get down() { return redis.down; } });
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url !== '/readyz') return;
    const answers = await Promise.all(checks.map((check) => check.answersWithin(READY_DEADLINE_MS)));
    const failed = checks.find((_check, index) => !answers[index]);
    if (failed) {
      request.log.warn({ down: failed.down }, 'readiness check failed');
      return reply.code(503).send({ message: failed.message });
    }
  });
});
