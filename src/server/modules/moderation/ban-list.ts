import { gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bannedIps } from '../../db/schema.js';
import { keepNotifiedSnapshot } from '../../lib/notified-snapshot.js';
import type { PgChannels } from '../../lib/pg-channels.js';

/** Announced by the banned_ips trigger (migration 0009) after every change to the bans. */
export const BAN_LIST_CHANNEL = 'hushboard_bans';

export interface BanListDeps {
  db: Db;
  channels: Pick<PgChannels, 'subscribe' | 'listening'>;
  log: { warn(object: object, message: string): void };
}

/**
 * The bans in force, kept in memory by each instance so the ban check on every guarded
 * write needs no query (issue 19): only a client whose hashes match a ban here is looked
 * up in the database, for the ban's details. Kept right by the banned_ips trigger's
 * NOTIFY (any instance's change, reloaded whole: the table is small) and by this
 * instance's own changes (`changed`, so they apply to the very next request). Whenever
 * it cannot be sure — not listening, or no load finished since the last change or
 * reset — `mayCover` answers true and the caller queries as before: a lost listener
 * never lets a banned client through.
 */
export function createBanList({ db, channels, log }: BanListDeps) {
  const selectInForce = db
    .select({ key: sql<string>`coalesce(${bannedIps.rangeHash}, ${bannedIps.ipHash})`, expiresAt: bannedIps.expiresAt })
    .from(bannedIps)
    .where(or(isNull(bannedIps.expiresAt), gt(bannedIps.expiresAt, sql`now()`)))
    .prepare('ban_list_in_force');

  /** Each ban's key (coalesce(range_hash, ip_hash)) and when it ends (Infinity: never). */
  const bans = keepNotifiedSnapshot({
    channels,
    channel: BAN_LIST_CHANNEL,
    log,
    name: 'the ban list',
    async read() {
      const next = new Map<string, number>();
      for (const { key, expiresAt } of await selectInForce.execute()) {
        // Two range bans can share a key (two addresses of one subnet): the longer one holds.
        next.set(key, Math.max(next.get(key) ?? -Infinity, expiresAt?.getTime() ?? Infinity));
      }
      return next;
    },
  });

  return {
    /**
     * False only when the list is known good and none of `keys` (a client's ip, subnet
     * and wide hashes) is banned now; true when one is, or when the list cannot be trusted.
     */
    mayCover(keys: readonly string[]): boolean {
      const known = bans.value;
      if (!known) return true;
      const now = Date.now();
      // A ban stops applying the moment it expires, whenever the list was loaded.
      return keys.some((key) => (known.get(key) ?? -Infinity) > now);
    },

    /** Whether the in-memory list is what the check uses now (for tests and diagnostics). */
    get current(): boolean {
      return bans.value !== undefined;
    },

    /** This instance changed banned_ips (committed): the next request must see it, before the NOTIFY does. */
    changed: bans.changed,

    close: bans.close,
  };
}

export type BanList = ReturnType<typeof createBanList>;
