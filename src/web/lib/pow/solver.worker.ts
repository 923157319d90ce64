// The proof-of-work solver (a dedicated Web Worker, so the page stays responsive):
// tries n = 0..maxnumber until SHA-256(salt + n), by crypto.subtle, is the challenge.
// Digests go out in batches: one await per hash would leave the CPU idle between them.
import type { PowChallenge } from '../../../shared/api.js';

export type SolverMessage = { type: 'progress'; fraction: number } | { type: 'done'; number: number | null; took: number };

/** Hashes started together; large enough to keep the browser's crypto busy, small enough to stop soon after the answer. */
const BATCH = 512;
/** Progress is reported at most this often. */
const PROGRESS_EVERY_MS = 100;

// The worker's global scope, typed by what is used (the app's lib is DOM, not WebWorker).
const scope = self as unknown as { onmessage: ((event: MessageEvent<PowChallenge>) => void) | null; postMessage(message: SolverMessage): void };

function bytesOf(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function same(digest: ArrayBuffer, target: Uint8Array): boolean {
  const bytes = new Uint8Array(digest);
  for (let i = 0; i < target.length; i++) if (bytes[i] !== target[i]) return false;
  return true;
}

async function solve({ challenge, salt, maxnumber }: PowChallenge): Promise<number | null> {
  const target = bytesOf(challenge);
  const encoder = new TextEncoder();
  let reported = performance.now();
  for (let start = 0; start <= maxnumber; start += BATCH) {
    const end = Math.min(maxnumber, start + BATCH - 1);
    const digests: Promise<ArrayBuffer>[] = [];
    for (let n = start; n <= end; n++) digests.push(crypto.subtle.digest('SHA-256', encoder.encode(salt + n)));
    const done = await Promise.all(digests);
    for (let i = 0; i < done.length; i++) if (same(done[i]!, target)) return start + i;
    const now = performance.now();
    if (now - reported >= PROGRESS_EVERY_MS) {
      reported = now;
      scope.postMessage({ type: 'progress', fraction: end / maxnumber });
    }
  }
  return null;
}

scope.onmessage = ({ data }) => {
  const started = performance.now();
  void solve(data).then((number) => scope.postMessage({ type: 'done', number, took: Math.round(performance.now() - started) }));
};
