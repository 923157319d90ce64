import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { authoredThreads } from '../db/schema.js';
import { payeesForNewThreads } from './anonymous-addresses.js';
import { type AuthorKey, authoredSlotRef, authorTag, openThreadId, sealThreadId } from './author-key.js';

/** Slot references asked for at once: most authors' whole list in one look-up. */
const SLOTS_PER_LOOKUP = 64;

/** An author's sealed list as read: the threads, and the first free slot. */
export interface AuthoredList {
  threadIds: number[];
  nextSlot: number;
}

/**
 * The threads an author wrote in anonymously, read with their key (lib/author-key.ts:
 * authoredSlotRef): slots 0, 1, 2, ... until one is missing. A row that does not open
 * (altered) is skipped, never trusted.
 */
export async function listAuthoredThreads(db: DbOrTx, key: AuthorKey): Promise<AuthoredList> {
  const threadIds = new Set<number>();
  let slot = 0;
  for (;;) {
    const refs = Array.from({ length: SLOTS_PER_LOOKUP }, (_, i) => authoredSlotRef(key, slot + i));
    const found = await db.select().from(authoredThreads).where(sql`${authoredThreads.ref} = ANY(${sql.param(refs)}::text[])`);
    for (const row of found) {
      const threadId = openThreadId(key, row.ref, row.sealed);
      if (threadId !== null) threadIds.add(threadId);
    }
    if (found.length < refs.length) {
      const taken = new Set(found.map((row) => row.ref));
      return { threadIds: [...threadIds], nextSlot: slot + refs.findIndex((ref) => !taken.has(ref)) };
    }
    slot += refs.length;
  }
}

/**
 * An author's tags: one per thread of their sealed list, the recipients their
 * anonymous writing's notifications are addressed to (modules/notifications).
 */
export async function listAuthorTags(db: DbOrTx, key: AuthorKey): Promise<string[]> {
  return (await authoredPairs(db, key))?.tags ?? [];
}

/**
 * An author's anonymous writing as SQL can find it: the (thread, tag) pair of each thread
 * on their sealed list, and `rows`, those pairs as a row set (`(thread_id, author_tag) IN
 * ${rows}`). Null when the list is empty. One read of the list, however many queries use it.
 */
export interface AuthoredPairs {
  threadIds: number[];
  tags: string[];
  rows: SQL;
}

export async function authoredPairs(db: DbOrTx, key: AuthorKey): Promise<AuthoredPairs | null> {
  const { threadIds } = await listAuthoredThreads(db, key);
  if (threadIds.length === 0) return null;
  const tags = threadIds.map((threadId) => authorTag(key, threadId));
  return { threadIds, tags, rows: sql`(SELECT * FROM unnest(${sql.param(threadIds)}::int[], ${sql.param(tags)}::text[]))` };
}

/**
 * Adds threads to an author's sealed list, each in the next free slot, skipping those
 * listed. Two writers taking one slot at once (two tabs, two instances): the second
 * insert finds the slot taken and reads the list again, a few times at most.
 */
export async function addAuthoredThreads(db: DbOrTx, key: AuthorKey, threadIds: number[], known?: AuthoredList): Promise<void> {
  let list = known ?? (await listAuthoredThreads(db, key));
  const firstListed = new Set(list.threadIds);
  const added = [...new Set(threadIds)].filter((threadId) => !firstListed.has(threadId));
  // A thread newly listed is where the author's marked addresses now receive tips for it
  // (lib/anonymous-addresses.ts): written with the listing, content-side, by tag.
  if (added.length > 0) await payeesForNewThreads(db, key, added);
  for (let attempt = 0; ; attempt++) {
    const listed = new Set(list.threadIds);
    const missing = [...new Set(threadIds)].filter((threadId) => !listed.has(threadId));
    if (missing.length === 0) return;
    const values = missing.map((threadId, i) => {
      const ref = authoredSlotRef(key, list.nextSlot + i);
      return { ref, sealed: sealThreadId(key, ref, threadId) };
    });
    const inserted = await db.insert(authoredThreads).values(values).onConflictDoNothing().returning({ ref: authoredThreads.ref });
    if (inserted.length === values.length) return;
    if (attempt >= 4) throw new Error('could not find a free slot in an author list');
    list = await listAuthoredThreads(db, key);
    // What went in stays (its slot is its own); the rest is tried again after the list as it is now.
  }
}

/** Deletes an author's whole list (their account is being deleted, their key with it). */
export async function forgetAuthoredThreads(db: DbOrTx, key: AuthorKey): Promise<void> {
  const { nextSlot } = await listAuthoredThreads(db, key);
  const refs = Array.from({ length: nextSlot }, (_, i) => authoredSlotRef(key, i));
  if (refs.length > 0) await db.delete(authoredThreads).where(sql`${authoredThreads.ref} = ANY(${sql.param(refs)}::text[])`);
}

/** Authors whose listed threads this process remembers; emptied when full. */
const REMEMBERED_AUTHORS = 10_000;
const listedByAuthor = new Map<string, Set<number>>();

/**
 * Makes sure a thread is on the author's sealed list before they write in it
 * anonymously: a reply in a thread already listed (the common case) costs nothing, as
 * this process remembers what it has seen listed (in memory only, under a hash of the
 * key; a list only grows, so what is remembered stays true). Listed before the reply is
 * written, so a reply is never missing from the list; a reply refused after (a locked
 * thread) leaves a listed thread with nothing of theirs in it, which shows nothing.
 * Answers whether the thread is new on the list.
 */
export async function ensureAuthoredThread(db: DbOrTx, key: AuthorKey, threadId: number): Promise<boolean> {
  const author = createHash('sha256').update(key).digest('hex');
  const listed = listedByAuthor.get(author);
  if (listed?.has(threadId)) return false;
  const list = await listAuthoredThreads(db, key);
  await addAuthoredThreads(db, key, [threadId], list);
  if (listedByAuthor.size >= REMEMBERED_AUTHORS) listedByAuthor.clear();
  listedByAuthor.set(author, new Set([...list.threadIds, threadId]));
  return !list.threadIds.includes(threadId);
}
