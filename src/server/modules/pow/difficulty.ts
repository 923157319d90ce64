import {
  POW_BASE_DIFFICULTY,
  POW_BOARD_FREE_PER_MINUTE,
  POW_BOARD_MAX_DIFFICULTY,
  POW_BOARD_STEP,
  POW_CALLER_FREE_PER_MINUTE,
  POW_CALLER_MAX_DIFFICULTY,
  POW_EXCESS_WINDOW_MS,
  POW_WINDOW_MS,
} from '../../../shared/constants.js';
import type { RedisLink } from '../../lib/redis.js';
import { counterStore } from '../../plugins/rate-limit-store.js';

/** The work a caller over its own limit pays: doubling with each action beyond it (`excess` from 1). */
export function callerDifficulty(excess: number): number {
  if (excess <= 0) return 0;
  return Math.min(POW_CALLER_MAX_DIFFICULTY, POW_BASE_DIFFICULTY * 2 ** (excess - 1));
}

/** The work everyone pays while the board as a whole is busy: doubling every POW_BOARD_STEP actions, capped at a phone's second. */
export function boardDifficulty(actionsThisMinute: number): number {
  const excess = actionsThisMinute - POW_BOARD_FREE_PER_MINUTE;
  if (excess <= 0) return 0;
  return Math.min(POW_BOARD_MAX_DIFFICULTY, Math.round(POW_BASE_DIFFICULTY * 2 ** ((excess - 1) / POW_BOARD_STEP)));
}

/**
 * Who is acting: the IP hash, and, when signed in, a name for the caller that no stored
 * row holds (pow/gate.ts) (the busier of the two counts).
 */
export interface Caller {
  ipHash: string;
  caller: string | undefined;
}

/**
 * POW=auto (docs/architecture.md, "Proof of work"): the difficulty of a guarded action
 * from how fast its caller and the board act, counted in the rate limits' store (Redis
 * shared by every instance, this instance's memory without it or while it is away).
 * Every call counts as one action: a challenge handed out costs as much as a post, so
 * collecting challenges ahead of a flood only makes them dearer.
 */
export function createDifficulty(redis: RedisLink | undefined) {
  const Store = counterStore(redis);
  const store = new Store(undefined, 'hushboard-pow:');
  const count = (key: string, windowMs: number) =>
    new Promise<number>((resolve, reject) => store.incr(key, (error, result) => (error ? reject(error) : resolve(result!.current)), windowMs));
  /** The board's difficulty as last counted, for callers over their own limit (who do not count towards it). */
  let lastBoard = 0;

  const busier = async (caller: Caller, name: string, windowMs: number) => {
    const [byIp, byUser] = await Promise.all([
      count(`${name}:ip:${caller.ipHash}`, windowMs),
      caller.caller === undefined ? 0 : count(`${name}:caller:${caller.caller}`, windowMs),
    ]);
    return Math.max(byIp, byUser);
  };

  return {
    async of(caller: Caller): Promise<number> {
      const actions = await busier(caller, 'minute', POW_WINDOW_MS);
      if (actions > POW_CALLER_FREE_PER_MINUTE) {
        const excess = await busier(caller, 'excess', POW_EXCESS_WINDOW_MS);
        return Math.max(callerDifficulty(excess), lastBoard);
      }
      lastBoard = boardDifficulty(await count('board', POW_WINDOW_MS));
      return lastBoard;
    },
    /** The board's difficulty as last counted (for the metrics). */
    get board(): number {
      return lastBoard;
    },
  };
}

export type Difficulty = ReturnType<typeof createDifficulty>;
