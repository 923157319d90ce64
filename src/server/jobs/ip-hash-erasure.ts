import { and, gt, isNotNull, lt, lte, max, min, sql } from 'drizzle-orm';
import { IP_HASH_RETENTION_DAYS } from '../../shared/constants.js';
import type { Db } from '../db/client.js';
import { banAppeals, ipHashPrefixes, posts, threads } from '../db/schema.js';

/** Ids per UPDATE: each statement locks at most this many rows, briefly. */
const BATCH_IDS = 5000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The tables whose rows carry the IP hash of whoever wrote them (an appeal's, its
 * appellant's); ban entries are not among them. Nothing that names an account keeps one
 * (CONTRACT.md section 13): votes and activity carry none since migration 0012.
 */
const tables = { threads, posts, appeals: banAppeals } as const;
type Erased = Record<keyof typeof tables | 'prefixes', number>;

/**
 * Erases IP hashes older than IP_HASH_RETENTION_DAYS (CONTRACT.md section 4) from
 * content and appeals, then the prefix hashes kept beside them. Bans keep
 * theirs until lifted or expired.
 *
 * It walks each table by id windows rather than "the next 5,000 old rows": every
 * statement then reads one bounded slice of the primary key, so neither a first run
 * over millions of rows nor a daily run finding almost nothing ever holds long locks,
 * rescans erased rows or nears the statement timeout. A row that is old whatever its
 * id (imported data) is still found. Running it again changes nothing.
 */
export async function eraseOldIpHashes(db: Db, now = new Date()): Promise<Erased> {
  const cutoff = new Date(now.getTime() - IP_HASH_RETENTION_DAYS * DAY_MS);
  const erased = { threads: 0, posts: 0, appeals: 0, prefixes: 0 };
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
  erased.prefixes = await eraseOldPrefixes(db, cutoff);
  return erased;
}

/**
 * The prefix hashes of an ipHash go with it (CONTRACT.md section 11): a row not seen
 * since the cutoff whose hash no content or appeal carries any more. Its
 * lastSeenAt may lag by an hour (plugins/client-ip.ts), so a row still carried by a
 * newer write stays until that write's hash is erased too. Ban rows keep their own
 * range hash until lifted or expired.
 */
async function eraseOldPrefixes(db: Db, cutoff: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`
      delete from ${ipHashPrefixes} where ip_hash in (
        select p.ip_hash from ${ipHashPrefixes} p
        where p.last_seen_at < ${cutoff.toISOString()}
          and not exists (select 1 from ${threads} where ip_hash = p.ip_hash)
          and not exists (select 1 from ${posts} where ip_hash = p.ip_hash)
          and not exists (select 1 from ${banAppeals} where ip_hash = p.ip_hash)
        limit ${BATCH_IDS})`);
    total += result.rowCount ?? 0;
    if ((result.rowCount ?? 0) < BATCH_IDS) return total;
  }
}
