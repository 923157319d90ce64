import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { authorTag, escrow, newAuthorKey, unescrow } from '../lib/author-key.js';
import type * as schema from './schema.js';
import { posts, threads, users } from './schema.js';

/** Accounts keyed per batch: each batch is one short transaction. */
const BATCH = 500;

/**
 * The data half of migration 0011 (CONTRACT.md section 13, docs/privacy.md): every
 * account made before sealed authorship gets an author key, kept in escrow under SECRET
 * until its next sign-in wraps it under the password; each of its anonymous threads and
 * posts gets the tag that key gives it in its thread, so its author still recognises
 * it. Runs at every start under the migration lock, and does nothing once done.
 */
export async function escrowAuthorKeys(db: NodePgDatabase<typeof schema>, secret: string): Promise<{ accounts: number; rows: number }> {
  let accounts = 0;
  let rows = 0;
  for (;;) {
    const batch = await db
      .select({ id: users.id })
      .from(users)
      .where(and(isNull(users.authorKeyWrapped), isNull(users.authorKeyEscrow)))
      .limit(BATCH);
    if (batch.length === 0) break;
    await db.transaction(async (tx) => {
      for (const { id } of batch) await tx.update(users).set({ authorKeyEscrow: escrow(newAuthorKey(), secret) }).where(eq(users.id, id));
    });
    accounts += batch.length;
  }
  // Anonymous rows still waiting for a tag, whoever's key holds it now (escrow only: an
  // account that signed in since has tags on everything it wrote after).
  for (;;) {
    const untaggedThreads = await db
      .select({ id: threads.id, userId: threads.userId, escrow: users.authorKeyEscrow })
      .from(threads)
      .innerJoin(users, eq(users.id, threads.userId))
      .where(and(eq(threads.isAnonymous, true), isNull(threads.authorTag), isNotNull(users.authorKeyEscrow)))
      .limit(BATCH);
    const untaggedPosts = await db
      .select({ id: posts.id, threadId: posts.threadId, escrow: users.authorKeyEscrow })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .where(and(eq(posts.isAnonymous, true), isNull(posts.authorTag), isNotNull(users.authorKeyEscrow)))
      .limit(BATCH);
    if (untaggedThreads.length === 0 && untaggedPosts.length === 0) break;
    await db.transaction(async (tx) => {
      for (const row of untaggedThreads) {
        const key = unescrow(row.escrow!, secret);
        if (!key) throw new Error(`the author key in escrow for a thread's author does not open with this SECRET`);
        await tx.update(threads).set({ authorTag: authorTag(key, row.id) }).where(eq(threads.id, row.id));
      }
      for (const row of untaggedPosts) {
        const key = unescrow(row.escrow!, secret);
        if (!key) throw new Error(`the author key in escrow for a post's author does not open with this SECRET`);
        await tx.update(posts).set({ authorTag: authorTag(key, row.threadId) }).where(eq(posts.id, row.id));
      }
    });
    rows += untaggedThreads.length + untaggedPosts.length;
  }
  return { accounts, rows };
}
