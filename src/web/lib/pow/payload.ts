import type { PowChallenge } from '../../../shared/api.js';

/** The X-Pow value for a solved challenge: base64 of the ALTCHA payload's JSON, as the ALTCHA widget sends it. */
export function powPayload(challenge: PowChallenge, number: number, took: number): string {
  const { algorithm, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature, took }));
}
