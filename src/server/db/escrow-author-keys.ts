import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { type AuthorKey, authorTag, escrow, newAuthorKey, unescrow, voterTag } from '../lib/author-key.js';
import { addAuthoredThreads } from '../lib/authored-threads.js';
import type * as schema from './schema.js';
import { users } from './schema.js';

type Db = NodePgDatabase<typeof schema>;

/** Accounts per batch; each batch is one short transaction. */
const BATCH = 200;
/** Rows per statement when rows are tagged. */
const ROWS = 5_000;

/**
 * The data half of migration 0012 (CONTRACT.md section 13, docs/privacy.md), run at
 * every start under the migration lock; it does nothing once done.
 *
 * 1. Every account made before sealed authorship gets an author key, kept in escrow
 *    under SECRET until its next sign-in wraps it under the password.
 * 2. Each account's anonymous threads and posts get the tag that key gives them in
 *    their thread; the threads go into the account's sealed list (authored_threads);
 *    the notifications they brought the account (replies, quotes, tips) are
 *    readdressed to the tag; and the rows lose their user_id.
 * 3. Each vote gets its voter's tag for the item and loses its user_id.
 *
 * An account whose key is no longer in escrow cannot be keyed here (it signed in since,
 * so everything it wrote since is keyed already): its old rows are unlinked untagged.
 */
export async function escrowAuthorKeys(db: Db, secret: string): Promise<{ accounts: number; rows: number; votes: number }> {
  let accounts = 0;
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

  const keyOf = async (userIds: number[]): Promise<Map<number, AuthorKey>> => {
    const rows = await db.execute<{ id: number; escrow: string | null }>(
      sql`SELECT id, author_key_escrow AS escrow FROM users WHERE id = ANY(${sql.param(userIds)}::int[])`,
    );
    const keys = new Map<number, AuthorKey>();
    for (const row of rows.rows) {
      if (row.escrow === null) continue;
      const key = unescrow(row.escrow, secret);
      if (!key) throw new Error('an author key in escrow does not open with this SECRET: start with the SECRET the database was made with');
      keys.set(row.id, key);
    }
    return keys;
  };

  let rows = 0;
  for (;;) {
    const authors = await db.execute<{ user_id: number }>(sql`
      SELECT user_id FROM threads WHERE is_anonymous AND user_id IS NOT NULL
      UNION SELECT user_id FROM posts WHERE is_anonymous AND user_id IS NOT NULL
      LIMIT ${BATCH}`);
    if (authors.rows.length === 0) break;
    const keys = await keyOf(authors.rows.map((row) => row.user_id));
    for (const { user_id: userId } of authors.rows) {
      rows += await unlinkAnonymousWriting(db, userId, keys.get(userId) ?? null);
    }
  }

  let votes = 0;
  for (;;) {
    const batch = await db.execute<{ id: number; user_id: number; thread_id: number | null; post_id: number | null }>(
      sql`SELECT id, user_id, thread_id, post_id FROM votes WHERE user_id IS NOT NULL LIMIT ${ROWS}`,
    );
    if (batch.rows.length === 0) break;
    const keys = await keyOf([...new Set(batch.rows.map((row) => row.user_id))]);
    const tags = batch.rows.map((row) => {
      const key = keys.get(row.user_id);
      // Without the key the vote still counts, but no one can find it again.
      if (!key) return randomBytes(16).toString('hex');
      return voterTag(key, row.post_id !== null ? { postId: row.post_id } : { threadId: row.thread_id! });
    });
    await db.execute(sql`
      UPDATE votes SET voter_tag = v.tag, user_id = NULL
      FROM unnest(${sql.param(batch.rows.map((row) => row.id))}::int[], ${sql.param(tags)}::text[]) AS v(id, tag)
      WHERE votes.id = v.id`);
    votes += batch.rows.length;
  }
  return { accounts, rows, votes };
}

/** One account's anonymous threads and posts: tagged, listed under its key, readdressed, unlinked. */
async function unlinkAnonymousWriting(db: Db, userId: number, key: AuthorKey | null): Promise<number> {
  return db.transaction(async (tx) => {
    const threadRows = await tx.execute<{ id: number }>(sql`SELECT id FROM threads WHERE user_id = ${userId} AND is_anonymous FOR UPDATE`);
    const postRows = await tx.execute<{ id: number; thread_id: number }>(
      sql`SELECT id, thread_id FROM posts WHERE user_id = ${userId} AND is_anonymous FOR UPDATE`,
    );
    const threadIds = [...new Set([...threadRows.rows.map((row) => row.id), ...postRows.rows.map((row) => row.thread_id)])];
    if (key) {
      const tagOf = (threadId: number) => authorTag(key, threadId);
      for (let i = 0; i < threadRows.rows.length; i += ROWS) {
        const part = threadRows.rows.slice(i, i + ROWS);
        await tx.execute(sql`
          UPDATE threads SET author_tag = v.tag FROM unnest(${sql.param(part.map((row) => row.id))}::int[], ${sql.param(part.map((row) => tagOf(row.id)))}::text[]) AS v(id, tag)
          WHERE threads.id = v.id AND threads.author_tag IS NULL`);
      }
      for (let i = 0; i < postRows.rows.length; i += ROWS) {
        const part = postRows.rows.slice(i, i + ROWS);
        await tx.execute(sql`
          UPDATE posts SET author_tag = v.tag FROM unnest(${sql.param(part.map((row) => row.id))}::int[], ${sql.param(part.map((row) => tagOf(row.thread_id)))}::text[]) AS v(id, tag)
          WHERE posts.id = v.id AND posts.author_tag IS NULL`);
      }
      // Replies, quotes and tips that came to this anonymous writing go to its tag.
      await tx.execute(sql`
        UPDATE notifications SET recipient_tag = v.tag, user_id = NULL
        FROM unnest(${sql.param(threadIds)}::int[], ${sql.param(threadIds.map(tagOf))}::text[]) AS v(thread_id, tag)
        WHERE notifications.user_id = ${userId} AND notifications.thread_id = v.thread_id AND notifications.type IN ('reply', 'quote', 'tip')`);
      await addAuthoredThreads(tx, key, threadIds);
    }
    await tx.execute(sql`UPDATE threads SET user_id = NULL WHERE user_id = ${userId} AND is_anonymous`);
    await tx.execute(sql`UPDATE posts SET user_id = NULL WHERE user_id = ${userId} AND is_anonymous`);
    return threadRows.rows.length + postRows.rows.length;
  });
}
