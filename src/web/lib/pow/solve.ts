// Solves one challenge in a Web Worker (kept out of the main bundle: this file and the
// worker load only after a 428), showing the progress indicator while it works.
import type { PowChallenge } from '../../../shared/api.js';
import { powPayload } from './payload.js';
import { showPowProgress } from './progress.js';
import type { SolverMessage } from './solver.worker.js';

export function solvePow(challenge: PowChallenge): Promise<string> {
  const worker = new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module', name: 'proof-of-work' });
  const progress = showPowProgress();
  return new Promise<string>((resolve, reject) => {
    worker.onmessage = ({ data }: MessageEvent<SolverMessage>) => {
      if (data.type === 'progress') {
        progress.update(data.fraction);
        return;
      }
      if (data.number === null) reject(new Error('The challenge has no solution'));
      else resolve(powPayload(challenge, data.number, data.took));
    };
    worker.onerror = () => reject(new Error('The proof-of-work worker failed'));
    worker.postMessage(challenge);
  }).finally(() => {
    worker.terminate();
    progress.done();
  });
}
