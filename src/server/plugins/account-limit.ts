import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ACCOUNT_LIMITS } from '../../shared/constants.js';
import { TooManyRequestsError } from '../lib/errors.js';
import type { RedisLink } from '../lib/redis.js';
import { counterStore } from './rate-limit-store.js';

export type AccountLimitName = keyof typeof ACCOUNT_LIMITS;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Spends one try of an account's named budget (shared/constants.ts ACCOUNT_LIMITS);
     * past it, 429 with Retry-After. The per-address limits of the write gate
     * (`gated({ rateLimit })`) count the same tries by address.
     */
    spendAccountLimit(name: AccountLimitName, userId: number): Promise<void>;
  }
}

/**
 * Per-account limits on guessing a second-factor or recovery code (issue 30): a guesser
 * spread over many addresses gets no more tries at one account. Counted in the rate
 * limits' store (Redis when set, else this instance's memory), keyed by the account's id
 * (an account-side fact: which account was signed in to, never what it wrote).
 * RATE_LIMIT=off switches these off with the others.
 */
export const accountLimitPlugin = fp(async (app: FastifyInstance, { redis }: { redis?: RedisLink | undefined }) => {
  const Store = counterStore(redis);
  const store = new Store(undefined, 'hushboard-al:');
  const enabled = app.config.rateLimit;
  app.decorate('spendAccountLimit', (name: AccountLimitName, userId: number) => {
    if (!enabled) return Promise.resolve();
    const { max, timeWindowMs } = ACCOUNT_LIMITS[name];
    return new Promise<void>((resolve, reject) => {
      store.incr(`${name}-${userId}`, (error, count) => {
        if (error || !count) return reject(error ?? new Error('no count'));
        if (count.current <= max) return resolve();
        reject(new TooManyRequestsError(Math.max(1, Math.ceil(count.ttl / 1000))));
      }, timeWindowMs);
    });
  });
});
