import { and, desc, eq } from 'drizzle-orm';
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

/** A look-up of the user themself (by id): a named look-up, as their named content's are. */
export const namedUser = (userId: number): Authorship => ({ userId, isAnonymous: false });

/**
 * The one rule for which of an author's addresses answers a look-up (CONTRACT.md
 * sections 4, 7 and 13): an address marked `useForAnonymous` answers only the anonymous
 * look-ups (an anonymous thread's or post's tip address, an anonymous premium thread's
 * payment address); an unmarked one only the named ones (the user's, by id, and their
 * named threads' and posts'). Never the other kind, not even as a fallback: a marked
 * address answered by the user's look-up would let anyone walking user ids name the
 * author of the anonymous posts it is tipped on. A token (USDT, USDC) falls back to the
 * author's ETH address of the same kind, the same account on the same chain. Every
 * look-up, the tips recorded against it and the premium payment address use this one
 * function; null when the author has no address of that kind.
 */
export async function receivingAddress(db: DbOrTx, target: Authorship, currency: string): Promise<string | null> {
  if (target.userId === null) return null;
  const candidates = currency !== 'ETH' && (EVM_ADDRESS_CURRENCIES as readonly string[]).includes(currency) ? [currency, 'ETH'] : [currency];
  for (const wanted of candidates) {
    const [row] = await db
      .select({ address: cryptoAddresses.address })
      .from(cryptoAddresses)
      .where(and(eq(cryptoAddresses.userId, target.userId), eq(cryptoAddresses.currency, wanted), eq(cryptoAddresses.useForAnonymous, target.isAnonymous)))
      .orderBy(desc(cryptoAddresses.id))
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
