// The payment ledger (docs/decisions/003-payment-ledger.md): one row per accepted
// transaction hash, so a hash pays for one thing only, under any concurrency.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { paymentTransactions, walletLinks } from '../db/schema.js';
import { ConflictError, ForbiddenError, HttpError, ServiceUnavailableError } from '../lib/errors.js';
import type { PaymentCheck } from './verify.js';

export type PaymentKind = 'tip' | 'premium_access' | 'membership';

export const HASH_USED = 'This transaction has already been used';
export const HASH_NOT_YOURS = 'This transaction was not sent from a wallet linked to your account';
export const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured';

/** 409 to the account that already used the hash, 403 to anyone else; nothing when unused. */
export async function assertHashUnused(db: DbOrTx, txHash: string, userId: number): Promise<void> {
  const [row] = await db.select({ userId: paymentTransactions.userId }).from(paymentTransactions).where(eq(paymentTransactions.txHash, txHash)).limit(1);
  if (!row) return;
  if (row.userId === userId) throw new ConflictError(HASH_USED);
  throw new ForbiddenError(HASH_NOT_YOURS);
}

/**
 * Takes the hash for `kind` inside the caller's transaction. A concurrent taker waits
 * for the first to commit and then answers like assertHashUnused.
 */
export async function claimHash(tx: DbOrTx, txHash: string, kind: PaymentKind, userId: number): Promise<void> {
  const inserted = await tx
    .insert(paymentTransactions)
    .values({ txHash, kind, userId })
    .onConflictDoNothing()
    .returning({ txHash: paymentTransactions.txHash });
  if (inserted.length > 0) return;
  await assertHashUnused(tx, txHash, userId);
  throw new ConflictError(HASH_USED);
}

/** Whether `address` is one of the user's linked wallets (CONTRACT.md section 7). */
export async function isLinkedWallet(db: DbOrTx, userId: number, address: string): Promise<boolean> {
  const [row] = await db.select({ userId: walletLinks.userId }).from(walletLinks).where(eq(walletLinks.address, address.toLowerCase())).limit(1);
  return row?.userId === userId;
}

/**
 * A failed check as the answer to a purchase: 503 when the chain cannot be reached,
 * 402 for too little money, else 400; the message names the check that failed.
 */
export function paymentError(check: Extract<PaymentCheck, { ok: false }>): HttpError {
  if (check.reason === 'unreachable') return new ServiceUnavailableError(check.message);
  return new HttpError(check.reason === 'too_little' ? 402 : 400, check.message);
}
