import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RedisLink } from '../lib/redis.js';
import { counterStore } from './rate-limit-store.js';

/**
 * Per-route limits keyed by the client's limit key (plugins/client-ip.ts: the IP hash, or an IPv6
 * address's /64 hash), so not even Redis sees raw IPs.
 * Counters live in memory, or in Redis when REDIS_URL is set so that several instances
 * share them; while Redis is away they are counted in this instance's memory
 * (rate-limit-store.ts), so an outage neither lifts the limits nor fails the request.
 * RATE_LIMIT=off registers nothing, and the routes' limits are ignored. A route takes one
 * of the named limits of shared/constants.ts through its write gate (`gated({ rateLimit })`,
 * plugins/gate.ts).
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, { redis }: { redis?: RedisLink | undefined }) => {
  if (!app.config.rateLimit) return;
  await app.register(rateLimit, {
    global: false,
    store: counterStore(redis),
    // The store answers from memory when Redis fails: an error here is a bug, not an outage.
    skipOnError: false,
    keyGenerator: (request) => request.limitKey,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: `Too many requests, please try again in ${context.after}`,
    }),
  });
});
