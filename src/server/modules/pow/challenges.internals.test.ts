import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { solvePow } from '../../test/pow.js';
import { createChallenges, powHmacKey } from './challenges.js';

// challenges.ts verifies solutions itself, synchronously (a fenced speed trick): it must
// agree with altcha-lib's own verifySolution on every kind of payload.
const secret = 'a-secret-that-is-long-enough';
const key = powHmacKey(secret);
const decode = (header: string) => JSON.parse(Buffer.from(header, 'base64').toString()) as Record<string, unknown>;
const encode = (payload: object) => Buffer.from(JSON.stringify(payload)).toString('base64');

describe('proof-of-work verification agrees with altcha-lib', () => {
  it('on solved, wrong-number, re-signed, expired and other-key payloads', async () => {
    const challenges = createChallenges(secret);
    const solved = solvePow(await challenges.issue('reply', 500));
    const payload = decode(solved);
    const expired = solvePow(await createChallenges(secret, { ttlMs: -60_000 }).issue('reply', 500));
    const otherKey = solvePow(await createChallenges('another-secret-long-enough').issue('reply', 500));
    const tampered = await createChallenge({ hmacKey: 'not-ours', maxnumber: 10, params: { action: 'reply' }, expires: new Date(Date.now() + 60_000) });
    const cases: [string, boolean][] = [
      [solved, true],
      [encode({ ...payload, number: (payload.number as number) + 1 }), false],
      [encode({ ...payload, signature: tampered.signature }), false],
      [expired, false],
      [otherKey, false],
    ];
    for (const [header, expected] of cases) {
      expect(await verifySolution(header, key, true)).toBe(expected);
      expect((await challenges.verify(header, 'reply')) !== null).toBe(expected);
    }
  });
});
