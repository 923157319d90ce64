import { describe, expect, it, vi } from 'vitest';
import type { PowChallenge } from '../../../shared/api.js';
import { powPayload } from './payload.js';

// The Worker is the browser's (e2e/pow.spec.ts); here the retry rule and the payload.
vi.mock('./solve.js', () => ({ solvePow: vi.fn(async (challenge: PowChallenge) => `solved:${challenge.challenge}`) }));
const { retryWithProofOfWork } = await import('./index.js');

const challenge: PowChallenge = { algorithm: 'SHA-256', challenge: 'c'.repeat(64), maxnumber: 10, salt: 'abc?action=reply&expires=1&', signature: 's'.repeat(64) };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('retryWithProofOfWork', () => {
  it('passes every answer but a 428 with a challenge through, untouched and unretried', async () => {
    const retry = vi.fn();
    for (const response of [json(201, { id: 1 }), json(403, { message: 'You are banned' }), json(428, { message: 'Proof of work required' }), new Response('oops', { status: 428 })]) {
      expect(await retryWithProofOfWork(response, retry)).toBe(response);
    }
    expect(retry).not.toHaveBeenCalled();
  });

  it('solves a 428 challenge and answers what the one retry answers', async () => {
    const created = json(201, { id: 2 });
    const retry = vi.fn(async () => created);
    expect(await retryWithProofOfWork(json(428, { message: 'Proof of work required', pow: challenge }), retry)).toBe(created);
    expect(retry).toHaveBeenCalledExactlyOnceWith(`solved:${challenge.challenge}`);
  });
});

describe('powPayload', () => {
  it('is base64 JSON of the ALTCHA payload the server verifies', () => {
    expect(JSON.parse(atob(powPayload(challenge, 7, 12)))).toEqual({ algorithm: 'SHA-256', challenge: challenge.challenge, number: 7, salt: challenge.salt, signature: challenge.signature, took: 12 });
  });
});
