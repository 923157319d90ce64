import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { RATE_LIMITS } from '../../shared/constants.js';

/**
 * Per-route limits keyed by the client's IP hash (so not even Redis sees raw IPs).
 * Counters live in memory, or in Redis when REDIS_URL is set so that several instances
 * share them. RATE_LIMIT=off registers nothing, and the routes' limits are ignored.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  if (!app.config.rateLimit) return;
  const redis = app.config.redisUrl ? new Redis(app.config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false }) : undefined;
  redis?.on('error', (error) => app.log.warn({ err: error }, 'redis unavailable; rate limits fail open'));
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'hushboard-rl:' } : {}),
    // A Redis outage must not take logins down with it.
    skipOnError: true,
    keyGenerator: (request) => request.ipHash,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: `Too many requests, please try again in ${context.after}`,
    }),
  });
});

/** Route options that apply one of the named limits of shared/constants.ts. */
export function rateLimited(name: keyof typeof RATE_LIMITS) {
  const { max, timeWindowMs } = RATE_LIMITS[name];
  return { config: { rateLimit: { max, timeWindow: timeWindowMs } } };
}
