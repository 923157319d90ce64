import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { RedisLink } from '../lib/redis.js';

type Count = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Count) => void;

/** Counters kept in memory at most: the oldest window goes when a new one would pass it. */
const MEMORY_KEYS = 50_000;

// INCR, and the window's expiry set by the request that opened it (as @fastify/rate-limit's
// own Redis store does, without its backoff options, which the app does not use).
const INCR_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

/** This instance's counters: what the limits count while Redis is away, or always without REDIS_URL. */
export class MemoryCounters {
  readonly #windows = new Map<string, { count: number; endsAt: number }>();

  incr(key: string, timeWindow: number, now = Date.now()): Count {
    let window = this.#windows.get(key);
    if (!window || window.endsAt <= now) {
      this.#windows.delete(key);
      if (this.#windows.size >= MEMORY_KEYS) this.#prune(now);
      window = { count: 0, endsAt: now + timeWindow };
      this.#windows.set(key, window);
    }
    window.count++;
    return { current: window.count, ttl: window.endsAt - now };
  }

  get size(): number {
    return this.#windows.size;
  }

  /** Drops the ended windows, and the oldest ones (the Map keeps insertion order) when that is not enough. */
  #prune(now: number): void {
    for (const [key, window] of this.#windows) if (window.endsAt <= now) this.#windows.delete(key);
    for (const key of this.#windows.keys()) {
      if (this.#windows.size < MEMORY_KEYS) break;
      this.#windows.delete(key);
    }
  }
}

/**
 * The rate limits' store (CONTRACT.md sections 1 and 9): counters in Redis, shared by
 * every instance, while Redis answers; this instance's memory while it does not, so a
 * Redis outage neither switches the limits off nor fails requests; Redis again as soon
 * as it answers (lib/redis.ts). Keys are `hushboard-rl:limit:{name}-{limitKey}` for a named
 * limit (shared by every route taking it), else `hushboard-rl:{method}{url}-{limitKey}`.
 */
export function counterStore(redis: RedisLink | undefined, memory = new MemoryCounters()) {
  class CounterStore implements FastifyRateLimitStore {
    // The plugin constructs the store with its options (unused here); children pass their prefix.
    constructor(
      _options?: unknown,
      private readonly prefix = 'hushboard-rl:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const fullKey = this.prefix + key;
      if (!redis?.usable) {
        callback(null, memory.incr(fullKey, timeWindow));
        return;
      }
      // Only the limited routes (login, register) come here: EVAL's few hundred bytes are no cost.
      (redis.client.eval(INCR_SCRIPT, 1, fullKey, timeWindow) as Promise<[number, number]>).then(
        ([current, ttl]) => callback(null, { current, ttl }),
        (error: Error) => {
          redis.failed(error);
          callback(null, memory.incr(fullKey, timeWindow));
        },
      );
    }

    /**
     * A route's counters (the plugin passes the route's merged options, with routeInfo):
     * those of its named limit (`bucket`, set by the write gate), which every route taking
     * that limit shares, else the route's own.
     */
    child(routeOptions: unknown): FastifyRateLimitStore {
      const { routeInfo, bucket } = routeOptions as { routeInfo: { method: string; url: string }; bucket?: string };
      return new CounterStore(undefined, bucket ? `${this.prefix}limit:${bucket}-` : `${this.prefix}${routeInfo.method}${routeInfo.url}-`);
    }
  }
  return CounterStore;
}
