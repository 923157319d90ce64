import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { threads } from '../db/schema.js';

/**
 * `threads.version` moves with every write that changes what a thread page shows, so an
 * unchanged thread is told by one indexed look-up (modules/threads/routes.ts). Set it
 * in the update the write already makes: `.set({ ..., version: nextThreadVersion })`.
 */
export const nextThreadVersion = sql`${threads.version} + 1`;

/**
 * Moves the version of every thread a user's name appears in, as author of the thread
 * or of a reply: their name changed, or left with their account.
 */
export async function touchThreadsOfUser(db: DbOrTx, userId: number): Promise<void> {
  await db.execute(sql`UPDATE threads SET version = version + 1
    WHERE user_id = ${userId} OR id IN (SELECT thread_id FROM posts WHERE user_id = ${userId})`);
}
