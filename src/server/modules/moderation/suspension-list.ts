import { gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authorSuspensions } from '../../db/schema.js';
import { keepNotifiedSnapshot } from '../../lib/notified-snapshot.js';
import type { PgChannels } from '../../lib/pg-channels.js';

/** Announced by the author_suspensions trigger (migration 0014) after every change. */
export const SUSPENSION_LIST_CHANNEL = 'hushboard_suspensions';

/** The suspensions in force by thread: each suspended tag of that thread and when it ends (Infinity: never). */
export type SuspendedTags = ReadonlyMap<number, ReadonlyMap<string, number>>;

export interface SuspensionListDeps {
  db: Db;
  channels: Pick<PgChannels, 'subscribe' | 'listening'>;
  log: { warn(object: object, message: string): void };
}

/**
 * The author suspensions in force, kept in memory by each instance (as the ban list is,
 * ban-list.ts), so that while none exists the check on a signed-in write costs nothing
 * and, while some do, no query: only the tags, grouped by thread, for the signed-in
 * author's key to be compared with. Reloaded whole on the trigger's NOTIFY and on this
 * instance's own changes; while it cannot be trusted (not listening, or no load since
 * the last change or reset) `inForce` reads the table for that request instead.
 */
export function createSuspensionList({ db, channels, log }: SuspensionListDeps) {
  const selectInForce = db
    .select({ threadId: authorSuspensions.threadId, tag: authorSuspensions.authorTag, expiresAt: authorSuspensions.expiresAt })
    .from(authorSuspensions)
    .where(or(isNull(authorSuspensions.expiresAt), gt(authorSuspensions.expiresAt, sql`now()`)))
    .prepare('suspension_list_in_force');

  async function read(): Promise<Map<number, Map<string, number>>> {
    const next = new Map<number, Map<string, number>>();
    for (const { threadId, tag, expiresAt } of await selectInForce.execute()) {
      let thread = next.get(threadId);
      if (!thread) next.set(threadId, (thread = new Map()));
      thread.set(tag, expiresAt?.getTime() ?? Infinity);
    }
    return next;
  }

  const tags = keepNotifiedSnapshot({ channels, channel: SUSPENSION_LIST_CHANNEL, log, name: 'the suspension list', read });

  return {
    /**
     * The suspended tags by thread, or null when none is in force: from memory when the
     * list is known good (no promise, no query: the common case), else read from the table.
     */
    inForce(): SuspendedTags | null | Promise<SuspendedTags | null> {
      const known = tags.value;
      if (!known) return read().then((fresh) => (fresh.size === 0 ? null : fresh));
      return known.size === 0 ? null : known;
    },

    get current(): boolean {
      return tags.value !== undefined;
    },

    /** This instance changed author_suspensions (committed): its next request sees it. */
    changed: tags.changed,

    close: tags.close,
  };
}

export type SuspensionList = ReturnType<typeof createSuspensionList>;
