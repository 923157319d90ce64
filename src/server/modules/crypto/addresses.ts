import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CryptoAddress } from '../../../shared/api.js';
import { EVM_ADDRESS_CURRENCIES } from '../../../shared/constants.js';
import type { addAddressSchema } from '../../../shared/schemas/crypto.js';
import type { DbOrTx } from '../../db/client.js';
import { cryptoAddresses, posts, threads } from '../../db/schema.js';
import { ConflictError, isUniqueViolation, NotFoundError } from '../../lib/errors.js';

export const NO_ADDRESS = 'No address for this currency';
export const ADDRESS_NOT_FOUND = 'Address not found';

type AddressRow = typeof cryptoAddresses.$inferSelect;

/** Who wrote a thread or post, as far as the tip-address rule needs to know. */
export interface Authorship {
  userId: number | null;
  isAnonymous: boolean;
}

const serialize = (row: AddressRow): CryptoAddress => ({
  id: row.id,
  currency: row.currency,
  address: row.address,
  useForAnonymous: row.useForAnonymous,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Where the author of some content receives `currency`, or null (CONTRACT.md section 4):
 * for anonymous content only an address its owner marked usable there, so an address
 * never links anonymous writing to an account. A token (USDT, USDC) falls back to the
 * author's ETH address, the same account on the same chain.
 */
export async function receivingAddress(db: DbOrTx, author: Authorship, currency: string): Promise<string | null> {
  if (author.userId === null) return null;
  const candidates = currency !== 'ETH' && (EVM_ADDRESS_CURRENCIES as readonly string[]).includes(currency) ? [currency, 'ETH'] : [currency];
  for (const wanted of candidates) {
    const conditions = [eq(cryptoAddresses.userId, author.userId), eq(cryptoAddresses.currency, wanted)];
    if (author.isAnonymous) conditions.push(eq(cryptoAddresses.useForAnonymous, true));
    const [row] = await db
      .select({ address: cryptoAddresses.address })
      .from(cryptoAddresses)
      .where(and(...conditions))
      // Named content prefers an address not marked for anonymous posts, so the two stay apart when they can.
      .orderBy(asc(cryptoAddresses.useForAnonymous), desc(cryptoAddresses.id))
      .limit(1);
    if (row) return row.address;
  }
  return null;
}

/** The author of a live thread, or null when there is no such thread. */
export async function threadAuthorship(db: DbOrTx, threadId: number): Promise<(Authorship & { id: number; title: string }) | null> {
  const [row] = await db
    .select({ id: threads.id, userId: threads.userId, isAnonymous: threads.isAnonymous, title: threads.title })
    .from(threads)
    .where(and(eq(threads.id, threadId), eq(threads.isDeleted, false)))
    .limit(1);
  return row ?? null;
}

/** The author of a live post in a live thread, or null. */
export async function postAuthorship(db: DbOrTx, postId: number): Promise<(Authorship & { id: number; threadId: number }) | null> {
  const [row] = await db
    .select({ id: posts.id, threadId: posts.threadId, userId: posts.userId, isAnonymous: posts.isAnonymous })
    .from(posts)
    .innerJoin(threads, eq(threads.id, posts.threadId))
    .where(and(eq(posts.id, postId), eq(posts.isDeleted, false), eq(threads.isDeleted, false)))
    .limit(1);
  return row ?? null;
}

/** The signed-in user's own receiving addresses. */
export function createAddressService(db: DbOrTx) {
  return {
    async list(userId: number): Promise<CryptoAddress[]> {
      const rows = await db.select().from(cryptoAddresses).where(eq(cryptoAddresses.userId, userId)).orderBy(cryptoAddresses.id);
      return rows.map(serialize);
    },

    async add(userId: number, input: z.output<typeof addAddressSchema>): Promise<CryptoAddress> {
      try {
        const [row] = await db.insert(cryptoAddresses).values({ userId, ...input }).returning();
        return serialize(row!);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError('You have already added this address');
        throw error;
      }
    },

    async remove(userId: number, id: number): Promise<void> {
      const deleted = await db
        .delete(cryptoAddresses)
        .where(and(eq(cryptoAddresses.id, id), eq(cryptoAddresses.userId, userId)))
        .returning({ id: cryptoAddresses.id });
      if (deleted.length === 0) throw new NotFoundError(ADDRESS_NOT_FOUND);
    },

    /** The author of a live thread, or null: what a look-up by thread asks about. */
    threadAuthor: (threadId: number) => threadAuthorship(db, threadId),

    /** The author of a live post in a live thread, or null. */
    postAuthor: (postId: number) => postAuthorship(db, postId),

    /** A look-up answer: the address, else 404. */
    async lookUp(author: Authorship | null, currency: string): Promise<{ address: string }> {
      const address = author ? await receivingAddress(db, author, currency.toUpperCase()) : null;
      if (!address) throw new NotFoundError(NO_ADDRESS);
      return { address };
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;
