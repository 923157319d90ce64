import { and, gt, isNotNull, lt, lte, max, min } from 'drizzle-orm';
import { IP_HASH_RETENTION_DAYS } from '../../shared/constants.js';
import type { Db } from '../db/client.js';
import { posts, threads, userActivities, votes } from '../db/schema.js';

/** Ids per UPDATE: each statement locks at most this many rows, briefly. */
const BATCH_IDS = 5000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The tables whose rows carry the IP hash of whoever wrote them; ban entries are not among them. */
const tables = { threads, posts, votes, activities: userActivities } as const;
type Erased = Record<keyof typeof tables, number>;

/**
 * Erases IP hashes older than IP_HASH_RETENTION_DAYS (CONTRACT.md section 4) from
 * content, votes and activity. Bans keep theirs until lifted or expired.
 *
 * It walks each table by id windows rather than "the next 5,000 old rows": every
 * statement then reads one bounded slice of the primary key, so neither a first run
 * over millions of rows nor a daily run finding almost nothing ever holds long locks,
 * rescans erased rows or nears the statement timeout. A row that is old whatever its
 * id (imported data) is still found. Running it again changes nothing.
 */
export async function eraseOldIpHashes(db: Db, now = new Date()): Promise<Erased> {
  const cutoff = new Date(now.getTime() - IP_HASH_RETENTION_DAYS * DAY_MS);
  const erased = { threads: 0, posts: 0, votes: 0, activities: 0 };
  for (const [name, table] of Object.entries(tables) as [keyof typeof tables, (typeof tables)[keyof typeof tables]][]) {
    const [range] = await db.select({ first: min(table.id), last: max(table.id) }).from(table);
    if (range?.first == null || range.last == null) continue;
    for (let from = range.first - 1; from < range.last; from += BATCH_IDS) {
      const result = await db
        .update(table)
        .set({ ipHash: null })
        .where(and(gt(table.id, from), lte(table.id, from + BATCH_IDS), isNotNull(table.ipHash), lt(table.createdAt, cutoff)));
      erased[name] += result.rowCount ?? 0;
    }
  }
  return erased;
}
