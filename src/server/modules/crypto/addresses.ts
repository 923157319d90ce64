import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CryptoAddress } from '../../../shared/api.js';
import { EVM_ADDRESS_CURRENCIES } from '../../../shared/constants.js';
import type { addAddressSchema } from '../../../shared/schemas/crypto.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { cryptoAddresses, posts, threads, walletLinks } from '../../db/schema.js';
import { addMarkedAddress, type MarkedAddress, payeeAddress, readMarkedAddresses, removeMarkedAddress, sameAddress, syncPayees } from '../../lib/anonymous-addresses.js';
import type { AuthorKey } from '../../lib/author-key.js';
import { listAuthoredThreads } from '../../lib/authored-threads.js';
import { ConflictError, isUniqueViolation, NotFoundError, UnauthorizedError } from '../../lib/errors.js';
import { SESSION_ENDED } from '../../lib/messages.js';

export const NO_ADDRESS = 'No address for this currency';
export const ADDRESS_NOT_FOUND = 'Address not found';

type AddressRow = typeof cryptoAddresses.$inferSelect;

/**
 * Who wrote a thread or post, as far as the tip-address rule needs to know: the account
 * of named content, the author tag of anonymous content (CONTRACT.md section 13).
 */
export interface Authorship {
  userId: number | null;
  isAnonymous: boolean;
  authorTag: string | null;
}

const serialize = (row: AddressRow): CryptoAddress => ({
  id: row.id,
  currency: row.currency,
  address: row.address,
  useForAnonymous: row.useForAnonymous,
  createdAt: row.createdAt.toISOString(),
});

const serializeMarked = (entry: MarkedAddress): CryptoAddress => ({ ...entry, useForAnonymous: true });

/** A look-up of the user themself (by id): a named look-up, as their named content's are. */
export const namedUser = (userId: number): Authorship => ({ userId, isAnonymous: false, authorTag: null });

export const ALREADY_ADDED = 'You have already added this address';
export const MARKED_ON_ACCOUNT = 'This address is on your account (a named address or a linked wallet), so marking it for anonymous posts would link them to you';
export const NAMED_IS_MARKED = 'This address is marked for your anonymous posts, so adding it to your account would link them to you';

/**
 * The one rule for which address answers a look-up (CONTRACT.md sections 4, 7 and 13):
 * an address marked `useForAnonymous` answers only the anonymous look-ups (an anonymous
 * thread's or post's tip address, an anonymous premium thread's payment address), read
 * from anonymous_payees by the content's author tag, so it never joins the account; an
 * unmarked address only the named ones (the user's, by id, and their named threads' and
 * posts'), read from crypto_addresses by account. Never the other kind, not even as a
 * fallback. A token (USDT, USDC) falls back to the ETH address of the same kind, the same
 * account on the same chain. Every look-up, the tips recorded against it and the premium
 * payment address use this one function; null when there is no address of that kind.
 */
export async function receivingAddress(db: DbOrTx, target: Authorship, currency: string): Promise<string | null> {
  const candidates = currency !== 'ETH' && (EVM_ADDRESS_CURRENCIES as readonly string[]).includes(currency) ? [currency, 'ETH'] : [currency];
  for (const wanted of candidates) {
    const address = target.isAnonymous ? await anonymousAddress(db, target, wanted) : await namedAddress(db, target, wanted);
    if (address) return address;
  }
  return null;
}

async function anonymousAddress(db: DbOrTx, target: Authorship, currency: string): Promise<string | null> {
  return target.authorTag === null ? null : payeeAddress(db, target.authorTag, currency);
}

async function namedAddress(db: DbOrTx, target: Authorship, currency: string): Promise<string | null> {
  if (target.userId === null) return null;
  const [row] = await db
    .select({ address: cryptoAddresses.address })
    .from(cryptoAddresses)
    .where(and(eq(cryptoAddresses.userId, target.userId), eq(cryptoAddresses.currency, currency), eq(cryptoAddresses.useForAnonymous, false)))
    .orderBy(desc(cryptoAddresses.id))
    .limit(1);
  return row?.address ?? null;
}

/** The author of a live thread, or null when there is no such thread. */
export async function threadAuthorship(db: DbOrTx, threadId: number): Promise<(Authorship & { id: number; title: string }) | null> {
  const [row] = await db
    .select({ id: threads.id, userId: threads.userId, isAnonymous: threads.isAnonymous, authorTag: threads.authorTag, title: threads.title })
    .from(threads)
    .where(and(eq(threads.id, threadId), eq(threads.isDeleted, false)))
    .limit(1);
  return row ?? null;
}

/** The author of a live post in a live thread, or null. */
export async function postAuthorship(db: DbOrTx, postId: number): Promise<(Authorship & { id: number; threadId: number }) | null> {
  const [row] = await db
    .select({ id: posts.id, threadId: posts.threadId, userId: posts.userId, isAnonymous: posts.isAnonymous, authorTag: posts.authorTag })
    .from(posts)
    .innerJoin(threads, eq(threads.id, posts.threadId))
    .where(and(eq(posts.id, postId), eq(posts.isDeleted, false), eq(threads.isDeleted, false)))
    .limit(1);
  return row ?? null;
}

/**
 * The signed-in user's own receiving addresses: the unmarked ones on the account, the
 * marked ones in the sealed list only their key opens (lib/anonymous-addresses.ts), one
 * list to them, as before.
 */
export function createAddressService(db: Db) {
  const keyOf = (key: AuthorKey | null) => {
    if (!key) throw new UnauthorizedError(SESSION_ENDED);
    return key;
  };

  /** Whether an address is on the account already, as a named address or a linked wallet. */
  async function onAccount(userId: number, address: string): Promise<boolean> {
    const named = await db.select({ address: cryptoAddresses.address }).from(cryptoAddresses).where(eq(cryptoAddresses.userId, userId));
    const wallets = await db.select({ address: walletLinks.address }).from(walletLinks).where(eq(walletLinks.userId, userId));
    return [...named, ...wallets].some((row) => sameAddress(row.address, address));
  }

  async function addMarked(userId: number, key: AuthorKey, input: { currency: string; address: string }): Promise<CryptoAddress> {
    if (await onAccount(userId, input.address)) throw new ConflictError(MARKED_ON_ACCOUNT);
    return db.transaction(async (tx) => {
      const list = await readMarkedAddresses(tx, key);
      if (list.addresses.some((entry) => entry.currency === input.currency && sameAddress(entry.address, input.address))) throw new ConflictError(ALREADY_ADDED);
      const entry = await addMarkedAddress(tx, key, input, list);
      // Every thread the author wrote in anonymously is paid here from now on.
      await syncPayees(tx, key, (await listAuthoredThreads(tx, key)).threadIds, [...list.addresses, entry]);
      return serializeMarked(entry);
    });
  }

  return {
    async list(userId: number, key: AuthorKey | null): Promise<CryptoAddress[]> {
      const rows = await db.select().from(cryptoAddresses).where(eq(cryptoAddresses.userId, userId)).orderBy(cryptoAddresses.id);
      const marked = key ? (await readMarkedAddresses(db, key)).addresses.map(serializeMarked) : [];
      return [...rows.map(serialize), ...marked].sort((a, b) => a.id - b.id);
    },

    async add(userId: number, key: AuthorKey | null, input: z.output<typeof addAddressSchema>): Promise<CryptoAddress> {
      const { useForAnonymous, ...address } = input;
      if (useForAnonymous) return addMarked(userId, keyOf(key), address);
      if (key && (await readMarkedAddresses(db, key)).addresses.some((entry) => sameAddress(entry.address, address.address))) {
        throw new ConflictError(NAMED_IS_MARKED);
      }
      try {
        const [row] = await db.insert(cryptoAddresses).values({ userId, ...address, useForAnonymous: false }).returning();
        return serialize(row!);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(ALREADY_ADDED);
        throw error;
      }
    },

    async remove(userId: number, key: AuthorKey | null, id: number): Promise<void> {
      if (key) {
        const removed = await db.transaction(async (tx) => {
          const list = await readMarkedAddresses(tx, key);
          if (!(await removeMarkedAddress(tx, key, id, list))) return false;
          const left = list.addresses.filter((entry) => entry.id !== id);
          await syncPayees(tx, key, (await listAuthoredThreads(tx, key)).threadIds, left);
          return true;
        });
        if (removed) return;
      }
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
