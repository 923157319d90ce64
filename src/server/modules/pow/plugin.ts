import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RedisLink } from '../../lib/redis.js';
import { createChallenges } from './challenges.js';
import { createDifficulty } from './difficulty.js';
import { createPowGate, type PowGate } from './gate.js';
import { createSpentSolutions } from './spent.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The proof-of-work requirement of register, login, thread and reply: `app.powGate.check(request, action)`. */
    powGate: PowGate;
  }
}

/**
 * Decorates the app with its proof-of-work gate (CONTRACT.md section 11). POW=off,
 * or RATE_LIMIT=off (config.ts), demands nothing and counts nothing.
 */
export const powGatePlugin = fp(async (app: FastifyInstance, { redis }: { redis?: RedisLink | undefined }) => {
  const mode = app.config.rateLimit ? app.config.pow : 'off';
  app.decorate(
    'powGate',
    createPowGate({
      mode,
      challenges: createChallenges(app.config.secret),
      spent: createSpentSolutions(app.db, redis),
      difficulty: mode === 'auto' ? createDifficulty(redis) : undefined,
    }),
  );
});
