// Proof of work in the API client (CONTRACT.md section 11): the only part in the main
// bundle. A 428 carrying a challenge is solved (solve.ts, loaded on first use, in a
// Web Worker) and the request sent once more with the solution in X-Pow. No step is
// added for anyone: the form just takes a moment longer, and says so.
import type { PowChallenge, PowRequiredBody } from '../../../shared/api.js';
import { POW_HEADER } from '../../../shared/constants.js';

export { POW_HEADER };

function challengeOf(body: unknown): PowChallenge | undefined {
  const pow = (body as Partial<PowRequiredBody> | null)?.pow;
  return pow && typeof pow.challenge === 'string' && typeof pow.salt === 'string' && typeof pow.maxnumber === 'number' ? pow : undefined;
}

/**
 * After a 428: solves its challenge and answers what `retry` (the same request with
 * X-Pow set to the solution) answers. Any other response, or a challenge that cannot be
 * solved, comes back as it was, and the caller reports it like any error.
 */
export async function retryWithProofOfWork(response: Response, retry: (solution: string) => Promise<Response>): Promise<Response> {
  if (response.status !== 428) return response;
  const challenge = challengeOf(await response.clone().json().catch(() => null));
  if (!challenge) return response;
  const { solvePow } = await import('./solve.js');
  const solution = await solvePow(challenge).catch(() => null);
  return solution ? retry(solution) : response;
}
