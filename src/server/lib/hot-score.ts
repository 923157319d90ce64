import { type SQL, sql } from 'drizzle-orm';
import { threads } from '../db/schema.js';

// Shared by threads (a new thread's score), posts (a reply) and votes, so it sits below all three.

/**
 * Popularity in the style of Reddit's "hot": log10 of the net engagement (upvotes
 * minus downvotes plus replies) plus the creation time in units of 12.5 hours. The
 * time term makes older threads sink relative to newer ones without ever being
 * recomputed, so the score is written only when a vote or reply changes it and read
 * through an index: as fast with a million threads as with ten.
 */
const HALF_DAY_SECONDS = 45_000;

/** The score after the counters change by the given amounts (SET reads the old values). */
export function hotScoreAfter(change: { up?: number; down?: number; replies?: number }): SQL {
  const points = sql`(${threads.upvotes} + ${change.up ?? 0} - (${threads.downvotes} + ${change.down ?? 0}) + ${threads.replyCount} + ${change.replies ?? 0})`;
  return sql`sign(${points}) * log(greatest(abs(${points}), 1)) + extract(epoch from ${threads.createdAt}) / ${HALF_DAY_SECONDS}`;
}

/** The score of a thread created now, with no engagement yet. */
export const initialHotScore: SQL = sql`extract(epoch from now()) / ${HALF_DAY_SECONDS}`;
