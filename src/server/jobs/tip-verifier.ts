import type { Chains } from '../chain/clients.js';
import type { Db } from '../db/client.js';
import { verifyPendingTips } from '../modules/crypto/index.js';

/** How often pending tips are checked: a paid tip is confirmed within 15 s of its confirmations. */
export const TIP_VERIFIER_EVERY_MS = 10_000;

let running = false;

/**
 * One tick of the tip verifier (CONTRACT.md section 7). A tick that finds the previous
 * one still running (a slow or unreachable node) does nothing, so passes never overlap.
 */
export async function runTipVerifier(db: Db, chains: Chains | undefined): Promise<unknown> {
  if (!chains || chains.payable().length === 0 || running) return;
  running = true;
  try {
    return await verifyPendingTips({ db, chains });
  } finally {
    running = false;
  }
}
