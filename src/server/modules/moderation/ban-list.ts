import { gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bannedIps } from '../../db/schema.js';
import type { PgChannels } from '../../lib/pg-channels.js';

/** Announced by the banned_ips trigger (migration 0009) after every change to the bans. */
export const BAN_LIST_CHANNEL = 'hushboard_bans';

/** After a failed load, the next try (the ban check falls back to its query meanwhile). */
const RETRY_MS = 1_000;

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
  /** Each ban's key (coalesce(range_hash, ip_hash)) and when it ends (Infinity: never); undefined while stale. */
  let bans: Map<string, number> | undefined;
  /** Bumped by every change or reset: a load started before it may have missed it. */
  let generation = 0;
  let loading: Promise<void> | undefined;
  let queued = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const selectInForce = db
    .select({ key: sql<string>`coalesce(${bannedIps.rangeHash}, ${bannedIps.ipHash})`, expiresAt: bannedIps.expiresAt })
    .from(bannedIps)
    .where(or(isNull(bannedIps.expiresAt), gt(bannedIps.expiresAt, sql`now()`)))
    .prepare('ban_list_in_force');

  async function load(): Promise<void> {
    const startedAt = generation;
    const rows = await selectInForce.execute();
    // Something changed while it ran: the load queued behind this one will see it.
    if (startedAt !== generation || closed) return;
    const next = new Map<string, number>();
    for (const { key, expiresAt } of rows) {
      // Two range bans can share a key (two addresses of one subnet): the longer one holds.
      next.set(key, Math.max(next.get(key) ?? -Infinity, expiresAt?.getTime() ?? Infinity));
    }
    bans = next;
  }

  /** One load in flight and at most one queued: a burst of changes costs two loads. */
  function reload(): void {
    if (closed) return;
    if (loading) {
      queued = true;
      return;
    }
    clearTimeout(retry);
    loading = load()
      .catch((error: unknown) => {
        log.warn({ err: error }, 'could not load the ban list');
        retry = setTimeout(reload, RETRY_MS);
        retry.unref();
      })
      .finally(() => {
        loading = undefined;
        if (queued) {
          queued = false;
          reload();
        }
      });
  }

  /** What was loaded may be out of date: not used until a load started after this lands. */
  function invalidate(): void {
    generation++;
    bans = undefined;
    reload();
  }

  const unsubscribe = channels.subscribe(BAN_LIST_CHANNEL, { message: invalidate, reset: invalidate });

  return {
    /**
     * False only when the list is known good and none of `keys` (a client's ip, subnet
     * and wide hashes) is banned now; true when one is, or when the list cannot be trusted.
     */
    mayCover(keys: readonly string[]): boolean {
      if (!bans || !channels.listening) return true;
      const now = Date.now();
      // A ban stops applying the moment it expires, whenever the list was loaded.
      return keys.some((key) => (bans!.get(key) ?? -Infinity) > now);
    },

    /** Whether the in-memory list is what the check uses now (for tests and diagnostics). */
    get current(): boolean {
      return bans !== undefined && channels.listening;
    },

    /** This instance changed banned_ips (committed): the next request must see it, before the NOTIFY does. */
    changed: invalidate,

    close(): void {
      closed = true;
      clearTimeout(retry);
      unsubscribe();
    },
  };
}

export type BanList = ReturnType<typeof createBanList>;
