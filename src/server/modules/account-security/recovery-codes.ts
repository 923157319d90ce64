import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT } from '../../../shared/constants.js';
import type { DbOrTx } from '../../db/client.js';
import { recoveryCodes } from '../../db/schema.js';
import { type AuthorKey, unwrapWithRecoveryCode, wrapWithRecoveryCode } from '../../lib/author-key.js';

/**
 * Recovery codes (CONTRACT.md section 15): ten random codes of 10 characters from
 * Crockford's base32 (50 bits each), shown once as two groups of five joined by a dash (`7k2m9-q4txb`). Each row keeps the
 * author key wrapped under one code (lib/author-key.ts): the only form a code is kept in,
 * and the way it is checked, so a database thief must run argon2id per guess.
 */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const CODE_LENGTH = 10;

function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * A typed code as it was made, or null when it cannot be one: case, spaces and dashes
 * do not matter, and the letters people read for digits (o, i, l) count as those digits.
 */
export function normalizeRecoveryCode(typed: string): string | null {
  const plain = typed.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
  if (plain.length !== CODE_LENGTH || [...plain].some((c) => !ALPHABET.includes(c))) return null;
  return `${plain.slice(0, 5)}-${plain.slice(5)}`;
}

/** Ten new codes and the author key wrapped under each: the argon2id work, done before any transaction holds a connection. */
export async function makeRecoveryCodes(authorKey: AuthorKey): Promise<{ codes: string[]; wrapped: string[] }> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  return { codes, wrapped: await Promise.all(codes.map((code) => wrapWithRecoveryCode(authorKey, code))) };
}

/** Keeps the new codes' wrapped forms in place of the account's old ones (which stop working). */
export async function storeRecoveryCodes(db: DbOrTx, userId: number, wrapped: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(wrapped.map((authorKeyWrapped) => ({ userId, authorKeyWrapped })));
}

/**
 * Uses one of the account's unused codes: its row goes (single use; of two requests with
 * the same code at once, one deletes it and the other finds nothing) and the author key
 * it wrapped is answered. Null for a wrong, used or malformed code.
 */
export async function spendRecoveryCode(db: DbOrTx, userId: number, typed: string): Promise<AuthorKey | null> {
  const code = normalizeRecoveryCode(typed);
  if (code === null) return null;
  const rows = await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  for (const row of rows) {
    const key = await unwrapWithRecoveryCode(row.authorKeyWrapped, code);
    if (!key) continue;
    const deleted = await db.delete(recoveryCodes).where(eq(recoveryCodes.id, row.id)).returning({ id: recoveryCodes.id });
    return deleted.length === 1 ? key : null;
  }
  return null;
}

export async function countRecoveryCodes(db: DbOrTx, userId: number): Promise<number> {
  return (await db.select({ id: recoveryCodes.id }).from(recoveryCodes).where(eq(recoveryCodes.userId, userId))).length;
}
