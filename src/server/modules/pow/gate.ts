import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { PowChallenge } from '../../../shared/api.js';
import { POW_ALWAYS_DIFFICULTY, POW_HEADER, type PowAction } from '../../../shared/constants.js';
import { PowRequiredError } from '../../lib/errors.js';
import type { Challenges } from './challenges.js';
import type { Caller, Difficulty } from './difficulty.js';
import type { SpentSolutions } from './spent.js';

export type PowMode = 'auto' | 'always' | 'off';

/** What the gate says of one request: go on, or solve this first. */
export type PowVerdict = { passed: true } | { passed: false; challenge: PowChallenge };

const PASSED: PowVerdict = { passed: true };

/**
 * The proof-of-work requirement of the guarded actions (CONTRACT.md section 11), as
 * plain functions so that JSON routes and HTML form handlers share it:
 * - `evaluate(request, action)` answers the verdict;
 * - `check(request, action)` throws the 428 (PowRequiredError) when work is demanded.
 * A valid, unspent solution for this action (X-Pow, or `solution` for a form field)
 * passes. Anything else (none, malformed, expired, spent, another action's) counts as
 * no solution: the action passes if no work is demanded now, else a fresh challenge.
 */
export function createPowGate({ mode, challenges, spent, difficulty }: { mode: PowMode; challenges: Challenges; spent: SpentSolutions; difficulty: Difficulty | undefined }) {
  const demanded = async (caller: Caller): Promise<number> => {
    if (mode === 'always') return POW_ALWAYS_DIFFICULTY;
    return difficulty ? difficulty.of(caller) : 0;
  };

  async function evaluate(request: FastifyRequest, action: PowAction, solution: string | undefined = headerOf(request)): Promise<PowVerdict> {
    if (mode === 'off') return PASSED;
    if (solution) {
      const verified = await challenges.verify(solution, action);
      if (verified && (await spent.spend(verified.key, verified.expiresAt))) return PASSED;
    }
    // The signed-in caller is counted under a hash of their author key, never their id:
    // a counter naming an account that moves as an anonymous reply is written would link them.
    const caller = request.authorKey ? createHash('sha256').update('pow-caller:').update(request.authorKey).digest('hex').slice(0, 32) : undefined;
    const work = await demanded({ ipHash: request.limitKey, caller });
    if (work === 0) return PASSED;
    return { passed: false, challenge: await challenges.issue(action, work) };
  }

  return {
    mode,
    evaluate,
    /** The work everyone is asked for now (metrics): POW=always's fixed one, POW=auto's board figure as last counted, else 0. */
    currentDifficulty(): number {
      if (mode === 'always') return POW_ALWAYS_DIFFICULTY;
      return difficulty?.board ?? 0;
    },
    async check(request: FastifyRequest, action: PowAction, solution?: string): Promise<void> {
      const verdict = await evaluate(request, action, solution ?? headerOf(request));
      if (!verdict.passed) throw new PowRequiredError(verdict.challenge);
    },
  };
}

export type PowGate = ReturnType<typeof createPowGate>;

function headerOf(request: FastifyRequest): string | undefined {
  const value = request.headers[POW_HEADER];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
