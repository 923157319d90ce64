// ALTCHA challenges through altcha-lib (its classic v1 format: algorithm, challenge,
// maxnumber, salt, signature), bound to an action and expiring with the salt's signed
// parameters. No hand-written crypto: altcha-lib makes and checks them.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createChallenge, extractParams } from 'altcha-lib/v1';
import { z } from 'zod';
import type { PowChallenge } from '../../../shared/api.js';
import { POW_ACTIONS, POW_CHALLENGE_TTL_MS, type PowAction } from '../../../shared/constants.js';

/** What X-Pow carries: the solved challenge (the widget may add `took`, which is ignored). */
const solutionSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string().regex(/^[0-9a-f]{64}$/),
  number: z.int().min(0).max(Number.MAX_SAFE_INTEGER),
  salt: z.string().max(256),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

/** Longer than any solution we could have issued (base64 of ~400 bytes of JSON). */
const MAX_HEADER_LENGTH = 2_048;

export type Solution = z.infer<typeof solutionSchema>;

/** A checked solution: its key (spent once) and when its challenge expires. */
export interface VerifiedSolution {
  key: string;
  expiresAt: number;
}

/**
 * The challenges' HMAC key: derived from SECRET under a name of its own, so it can
 * sign nothing that sessions, CSRF tokens or IP hashes (keyed by SECRET) would accept.
 */
export function powHmacKey(secret: string): string {
  return createHmac('sha256', secret).update('hushboard/pow/altcha-hmac-key/v1').digest('hex');
}

/**
 * SPEED TRICK, fenced: altcha-lib's `verifySolution`, synchronously. Its check is
 * SHA-256(salt + number) = challenge and HMAC-SHA-256(key, challenge) = signature; it
 * runs them through WebCrypto, three trips to libuv's thread pool per reply: 260 µs a
 * verification against 36 µs here (bench/pow.ts, a loaded 2-core box), and the reply
 * path lost 25% of its replies/s with it. Depends on altcha-lib v1's format only;
 * `challenges.internals.test.ts` fails when this and altcha-lib's verifySolution
 * disagree. Fallback: `await verifySolution(solution, hmacKey, true)` from 'altcha-lib/v1'.
 */
function solves(solution: Solution, hmacKey: string): boolean {
  const hash = createHash('sha256').update(solution.salt + solution.number).digest();
  const signature = createHmac('sha256', hmacKey).update(solution.challenge).digest();
  return timingSafeEqual(hash, Buffer.from(solution.challenge, 'hex')) && timingSafeEqual(signature, Buffer.from(solution.signature, 'hex'));
}

export function createChallenges(secret: string, { ttlMs = POW_CHALLENGE_TTL_MS }: { ttlMs?: number } = {}) {
  const hmacKey = powHmacKey(secret);
  return {
    /** A challenge of this difficulty (maxnumber) for this action, expiring in ttlMs. */
    async issue(action: PowAction, difficulty: number): Promise<PowChallenge> {
      const challenge = await createChallenge({
        algorithm: 'SHA-256',
        hmacKey,
        maxnumber: difficulty,
        expires: new Date(Date.now() + ttlMs),
        // In the salt, so signed with it: a solution for one action is refused for another.
        params: { action },
      });
      return { algorithm: 'SHA-256', challenge: challenge.challenge, maxnumber: difficulty, salt: challenge.salt, signature: challenge.signature };
    },

    /** The solution in an X-Pow header if it is ours, solved, unexpired and for this action; else null. */
    async verify(header: string, action: PowAction): Promise<VerifiedSolution | null> {
      if (header.length > MAX_HEADER_LENGTH) return null;
      let solution: Solution;
      try {
        const parsed = solutionSchema.safeParse(JSON.parse(Buffer.from(header, 'base64').toString('utf8')));
        if (!parsed.success) return null;
        solution = parsed.data;
      } catch {
        return null;
      }
      const params = extractParams(solution);
      const expires = Number(params.expires);
      // Every challenge we issue names its action and expiry; one without is not ours.
      if (params.action !== action || !POW_ACTIONS.includes(action) || !Number.isSafeInteger(expires)) return null;
      if (expires * 1000 < Date.now() || !solves(solution, hmacKey)) return null;
      return { key: solution.signature, expiresAt: expires * 1000 };
    },
  };
}

export type Challenges = ReturnType<typeof createChallenges>;
