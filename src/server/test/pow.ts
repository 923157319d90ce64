// Solving proof-of-work challenges as a client would, with real CPU (node:crypto's
// SHA-256; the web app does the same with crypto.subtle in a worker).
import { createHash } from 'node:crypto';
import type { PowChallenge } from '../../shared/api.js';

/** The X-Pow header value that solves `challenge`: base64 of the JSON ALTCHA payload. */
export function solvePow(challenge: PowChallenge): string {
  for (let number = 0; number <= challenge.maxnumber; number++) {
    if (createHash('sha256').update(challenge.salt + number).digest('hex') === challenge.challenge) {
      const { algorithm, salt, signature } = challenge;
      return Buffer.from(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature })).toString('base64');
    }
  }
  throw new Error('challenge has no solution');
}
