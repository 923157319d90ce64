import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { anonymousAddresses, anonymousPayees } from '../db/schema.js';
import { type AuthorKey, addressSlotRef, authorTag, openAddressEntry, sealAddressEntry } from './author-key.js';

/**
 * Addresses marked for anonymous use (CONTRACT.md section 13). A marked address must
 * join nothing: if it sat on the account (crypto_addresses.user_id) while an anonymous
 * post's tip look-up answered it, the two would link. So the owner's list of them is
 * sealed under their author key, one slot row each (anonymous_addresses, the technique of
 * lib/authored-threads.ts), and what the anonymous look-ups read is anonymous_payees:
 * per author tag (one per thread the author wrote in anonymously) and currency, the
 * address to pay. Both are written only through the key: when the author writes
 * anonymously in a new thread (addAuthoredThreads) and when they add or remove a marked
 * address (for every thread on their sealed list).
 */
export interface MarkedAddress {
  id: number;
  currency: string;
  address: string;
  createdAt: string;
}

/** An author's sealed address list as read: the live entries (oldest first), their slots, the first free slot. */
export interface MarkedList {
  addresses: MarkedAddress[];
  slotOf: Map<number, number>;
  nextSlot: number;
}

/** Slot references asked for at once: most authors' whole list in one look-up. */
const SLOTS_PER_LOOKUP = 16;

type Entry = MarkedAddress | { id: number; removed: true };

function parseEntry(text: string): Entry | null {
  try {
    const value = JSON.parse(text.trimEnd()) as Record<string, unknown>;
    if (typeof value.id !== 'number') return null;
    if (value.removed === true) return { id: value.id, removed: true };
    if (typeof value.currency !== 'string' || typeof value.address !== 'string' || typeof value.createdAt !== 'string') return null;
    return { id: value.id, currency: value.currency, address: value.address, createdAt: value.createdAt };
  } catch {
    return null;
  }
}

/**
 * The author's marked addresses, read with their key: slots 0, 1, 2, ... until one is
 * missing. A removed address leaves its slot holding a sealed tombstone, so the slots
 * stay contiguous; a row that does not open (altered) is skipped, never trusted.
 */
export async function readMarkedAddresses(db: DbOrTx, key: AuthorKey): Promise<MarkedList> {
  const addresses: MarkedAddress[] = [];
  const slotOf = new Map<number, number>();
  let slot = 0;
  for (;;) {
    const refs = Array.from({ length: SLOTS_PER_LOOKUP }, (_, i) => addressSlotRef(key, slot + i));
    const found = await db.select().from(anonymousAddresses).where(sql`${anonymousAddresses.ref} = ANY(${sql.param(refs)}::text[])`);
    const byRef = new Map(found.map((row) => [row.ref, row.sealed]));
    for (const [i, ref] of refs.entries()) {
      const sealed = byRef.get(ref);
      if (sealed === undefined) return { addresses: addresses.sort((a, b) => a.id - b.id), slotOf, nextSlot: slot + i };
      const text = openAddressEntry(key, ref, sealed);
      const entry = text === null ? null : parseEntry(text);
      if (entry && !('removed' in entry)) {
        addresses.push(entry);
        slotOf.set(entry.id, slot + i);
      }
    }
    slot += refs.length;
  }
}

/** One address written the same way, whatever its letter case, for the currencies whose addresses ignore it. */
const comparable = (address: string) => (/^0x[0-9a-fA-F]{40}$/.test(address) ? address.toLowerCase() : address);

/** Whether two addresses are the same account (EVM addresses are case-insensitive). */
export const sameAddress = (a: string, b: string) => comparable(a) === comparable(b);

/**
 * Puts an address on the author's sealed list in the next free slot, with an id from
 * the crypto_addresses sequence (so ids never collide with the named addresses' in the
 * API). Two writers taking one slot at once: the second reads the list again.
 */
export async function addMarkedAddress(
  db: DbOrTx,
  key: AuthorKey,
  input: { currency: string; address: string; id?: number; createdAt?: string },
  known?: MarkedList,
): Promise<MarkedAddress> {
  // An address moved from crypto_addresses (db/anonymous-money.ts) keeps its id and date.
  const id = input.id ?? Number((await db.execute<{ id: string }>(sql`SELECT nextval(pg_get_serial_sequence('crypto_addresses', 'id')) AS id`)).rows[0]!.id);
  const entry: MarkedAddress = { id, currency: input.currency, address: input.address, createdAt: input.createdAt ?? new Date().toISOString() };
  let list = known ?? (await readMarkedAddresses(db, key));
  for (let attempt = 0; ; attempt++) {
    const ref = addressSlotRef(key, list.nextSlot);
    const inserted = await db
      .insert(anonymousAddresses)
      .values({ ref, sealed: sealAddressEntry(key, ref, JSON.stringify(entry)) })
      .onConflictDoNothing()
      .returning({ ref: anonymousAddresses.ref });
    if (inserted.length === 1) return entry;
    if (attempt >= 4) throw new Error('could not find a free slot in an address list');
    list = await readMarkedAddresses(db, key);
  }
}

/** Takes an address off the sealed list (its slot keeps a tombstone); false when it is not there. */
export async function removeMarkedAddress(db: DbOrTx, key: AuthorKey, id: number, known?: MarkedList): Promise<boolean> {
  const list = known ?? (await readMarkedAddresses(db, key));
  const slot = list.slotOf.get(id);
  if (slot === undefined) return false;
  const ref = addressSlotRef(key, slot);
  await db
    .update(anonymousAddresses)
    .set({ sealed: sealAddressEntry(key, ref, JSON.stringify({ id, removed: true })) })
    .where(eq(anonymousAddresses.ref, ref));
  return true;
}

/** Deletes the whole sealed list (the account is being deleted, its key with it). */
export async function forgetMarkedAddresses(db: DbOrTx, key: AuthorKey): Promise<void> {
  const { nextSlot } = await readMarkedAddresses(db, key);
  const refs = Array.from({ length: nextSlot }, (_, i) => addressSlotRef(key, i));
  if (refs.length > 0) await db.delete(anonymousAddresses).where(sql`${anonymousAddresses.ref} = ANY(${sql.param(refs)}::text[])`);
}

/** Per currency, the newest marked address: what the look-ups answered before, the newest of its kind. */
function payeeOf(addresses: MarkedAddress[]): Map<string, string> {
  const byCurrency = new Map<string, string>();
  for (const entry of [...addresses].sort((a, b) => a.id - b.id)) byCurrency.set(entry.currency, entry.address);
  return byCurrency;
}

/** Payee rows per statement. */
const PAYEE_ROWS = 2_000;

/**
 * Makes anonymous_payees say, for the author's tag in each of these threads, the newest
 * marked address of each currency, and nothing for a currency without one.
 */
export async function syncPayees(db: DbOrTx, key: AuthorKey, threadIds: number[], addresses: MarkedAddress[]): Promise<void> {
  const wanted = payeeOf(addresses);
  const currencies = [...wanted.keys()];
  for (let i = 0; i < threadIds.length; i += PAYEE_ROWS) {
    const tags = threadIds.slice(i, i + PAYEE_ROWS).map((threadId) => authorTag(key, threadId));
    await db
      .delete(anonymousPayees)
      .where(and(inArray(anonymousPayees.authorTag, tags), currencies.length > 0 ? notInArray(anonymousPayees.currency, currencies) : undefined));
    const rows = tags.flatMap((tag) => currencies.map((currency) => ({ authorTag: tag, currency, address: wanted.get(currency)! })));
    for (let j = 0; j < rows.length; j += PAYEE_ROWS) {
      await db
        .insert(anonymousPayees)
        .values(rows.slice(j, j + PAYEE_ROWS))
        .onConflictDoUpdate({ target: [anonymousPayees.authorTag, anonymousPayees.currency], set: { address: sql`excluded.address` } });
    }
  }
}

/** The threads newly on an author's sealed list get the author's payees (none without marked addresses). */
export async function payeesForNewThreads(db: DbOrTx, key: AuthorKey, threadIds: number[]): Promise<void> {
  if (threadIds.length === 0) return;
  const { addresses } = await readMarkedAddresses(db, key);
  if (addresses.length > 0) await syncPayees(db, key, threadIds, addresses);
}

/** Where the author of anonymous writing carrying this tag is paid in this currency, or null. */
export async function payeeAddress(db: DbOrTx, tag: string, currency: string): Promise<string | null> {
  const [row] = await db
    .select({ address: anonymousPayees.address })
    .from(anonymousPayees)
    .where(and(eq(anonymousPayees.authorTag, tag), eq(anonymousPayees.currency, currency)))
    .limit(1);
  return row?.address ?? null;
}
