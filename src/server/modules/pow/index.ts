// Proof of work instead of captchas (CONTRACT.md section 11): other code uses only this.
export { createChallenges, powHmacKey, type Challenges } from './challenges.js';
export { boardDifficulty, callerDifficulty } from './difficulty.js';
export { createPowGate, type PowGate, type PowMode, type PowVerdict } from './gate.js';
export { powGatePlugin } from './plugin.js';
export { pruneSpentSolutions } from './spent.js';
