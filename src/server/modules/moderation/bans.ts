import { and, asc, desc, eq, gt, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Ban, BanPreview, BanScope, IpHashes } from '../../../shared/api.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { banAppeals, bannedIps, ipHashPrefixes, posts, threads, users } from '../../db/schema.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { THREAD_NOT_FOUND } from '../../lib/messages.js';
import type { BanList } from './ban-list.js';
import { recordModeration } from './log.js';

export const NOT_BANNED = 'This IP hash is not banned';
/** A range ban needs the hash's prefixes, which are kept only as long as the hash (90 days). */
export const NO_KNOWN_RANGE = 'No range is known for this IP hash';

/** A ban applies until it expires; a null expiry never does (the same test, on the same clock, as plugins/client-ip.ts). */
const inForce = (): SQL => or(isNull(bannedIps.expiresAt), gt(bannedIps.expiresAt, new Date()))!;

const banColumns = {
  id: bannedIps.id,
  ipHash: bannedIps.ipHash,
  scope: bannedIps.scope,
  bannedAt: bannedIps.bannedAt,
  reason: bannedIps.reason,
  expiresAt: bannedIps.expiresAt,
  bannedById: bannedIps.bannedById,
  bannedByUsername: users.username,
};

interface BanRow {
  id: number;
  ipHash: string;
  scope: BanScope;
  bannedAt: Date;
  reason: string | null;
  expiresAt: Date | null;
  bannedById: number | null;
  bannedByUsername: string | null;
}

function serializeBan(row: BanRow): Ban {
  return {
    id: row.id,
    ipHash: row.ipHash,
    scope: row.scope,
    bannedAt: row.bannedAt.toISOString(),
    reason: row.reason,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    bannedBy: row.bannedById !== null && row.bannedByUsername !== null ? { id: row.bannedById, username: row.bannedByUsername } : null,
  };
}

/** The keyed hash of the subnet or wide range around a known ipHash; 400 on `scope` when none is known. */
async function rangeHashOf(db: DbOrTx, ipHash: string, scope: Exclude<BanScope, 'ip'>): Promise<string> {
  const [row] = await db
    .select({ subnet: ipHashPrefixes.subnetHash, wide: ipHashPrefixes.wideHash })
    .from(ipHashPrefixes)
    .where(eq(ipHashPrefixes.ipHash, ipHash));
  if (!row) throw new ValidationError(NO_KNOWN_RANGE, { scope: NO_KNOWN_RANGE });
  return row[scope];
}

const selectBans = (db: DbOrTx) => db.select(banColumns).from(bannedIps).leftJoin(users, eq(users.id, bannedIps.bannedById));

/**
 * IP bans and the IP Finder (SPEC.md section 2, moderation panel). Every committed change
 * to banned_ips is told to `banList`, so this instance's ban check sees it on the next request.
 */
export function createBanService(db: Db, banList: Pick<BanList, 'changed'>) {
  return {
    /** The bans in force, newest first; expired ones no longer apply and are not listed. */
    async list(): Promise<Ban[]> {
      const rows = await selectBans(db).where(inForce()).orderBy(desc(bannedIps.bannedAt), desc(bannedIps.id));
      return rows.map(serializeBan);
    },

    /**
     * Bans an IP hash, or the range around it, or re-decides an existing ban (scope,
     * reason, expiry, who and when): one row per hash, so a lifted or expired ban is
     * simply replaced. A re-decided ban can be appealed again once its appeal was decided.
     */
    async ban(
      adminId: number,
      input: { ipHash: string; scope: BanScope; reason?: string | undefined; expiresAt?: string | undefined },
    ): Promise<Ban> {
      const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
      const rangeHash = input.scope === 'ip' ? null : await rangeHashOf(db, input.ipHash, input.scope);
      const values = { ipHash: input.ipHash, scope: input.scope, rangeHash, reason: input.reason ?? null, expiresAt, bannedById: adminId };
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(bannedIps)
          .values(values)
          .onConflictDoUpdate({ target: bannedIps.ipHash, set: { ...values, bannedAt: sql`now()` } })
          .returning({ id: bannedIps.id });
        await tx.update(banAppeals).set({ banId: null }).where(and(eq(banAppeals.banId, row!.id), ne(banAppeals.status, 'pending')));
        await recordModeration(tx, {
          adminId,
          action: 'ban',
          targetType: 'ip',
          targetId: input.ipHash,
          details: { scope: input.scope, reason: values.reason, expiresAt: values.expiresAt?.toISOString() ?? null },
        });
        return row!.id;
      });
      banList.changed();
      const [row] = await selectBans(db).where(eq(bannedIps.id, id));
      return serializeBan(row!);
    },

    /** How many distinct known IP hashes a ban of that scope on that hash would cover. */
    async preview(ipHash: string, scope: BanScope): Promise<BanPreview> {
      if (scope === 'ip') return { covered: 1 };
      const rangeHash = await rangeHashOf(db, ipHash, scope);
      const column = scope === 'subnet' ? ipHashPrefixes.subnetHash : ipHashPrefixes.wideHash;
      return { covered: await db.$count(ipHashPrefixes, eq(column, rangeHash)) };
    },

    /** Lifts a ban in force; a hash that is not banned (or whose ban expired) is a 404. */
    async unban(adminId: number, ipHash: string): Promise<void> {
      await db.transaction(async (tx) => {
        // An expired row goes too: it no longer applied, and keeping it serves nothing.
        const [row] = await tx.delete(bannedIps).where(eq(bannedIps.ipHash, ipHash)).returning({ expiresAt: bannedIps.expiresAt });
        if (!row || (row.expiresAt !== null && row.expiresAt <= new Date())) throw new NotFoundError(NOT_BANNED);
        await recordModeration(tx, { adminId, action: 'unban', targetType: 'ip', targetId: ipHash });
      });
      banList.changed();
    },

    /**
     * The IP hashes a thread and its replies were posted from, deleted ones included
     * (an admin often bans right after removing spam). Erased hashes (older than 90
     * days) are gone and not listed.
     */
    async ipHashes(threadId: number): Promise<IpHashes> {
      const [thread] = await db.select({ ipHash: threads.ipHash }).from(threads).where(eq(threads.id, threadId));
      if (!thread) throw new NotFoundError(THREAD_NOT_FOUND);
      const replies = await db
        .select({ ipHash: sql<string>`${posts.ipHash}`, postIds: sql<number[]>`array_agg(${posts.id} ORDER BY ${posts.id})` })
        .from(posts)
        .where(and(eq(posts.threadId, threadId), isNotNull(posts.ipHash)))
        .groupBy(posts.ipHash)
        .orderBy(asc(sql`min(${posts.id})`));
      const byHash = new Map<string, { threadAuthored: boolean; postIds: number[] }>();
      if (thread.ipHash) byHash.set(thread.ipHash, { threadAuthored: true, postIds: [] });
      for (const reply of replies) {
        const entry = byHash.get(reply.ipHash) ?? { threadAuthored: false, postIds: [] };
        entry.postIds = reply.postIds;
        byHash.set(reply.ipHash, entry);
      }
      const hashes = [...byHash.keys()];
      // Banned directly, or inside a range ban (through the hash's known prefixes).
      const banned = hashes.length
        ? await db.execute<{ ipHash: string }>(sql`
            select h.hash as "ipHash" from unnest(array[${sql.join(hashes.map((hash) => sql`${hash}`), sql`, `)}]::varchar[]) as h(hash)
            left join ${ipHashPrefixes} p on p.ip_hash = h.hash
            where exists (
              select 1 from ${bannedIps} b
              where coalesce(b.range_hash, b.ip_hash) in (h.hash, p.subnet_hash, p.wide_hash)
                and (b.expires_at is null or b.expires_at > now()))`)
        : { rows: [] };
      const bannedSet = new Set(banned.rows.map((row) => row.ipHash));
      return {
        threadId,
        hashes: [...byHash].map(([ipHash, entry]) => ({ ipHash, ...entry, isBanned: bannedSet.has(ipHash) })),
      };
    },
  };
}

export type BanService = ReturnType<typeof createBanService>;
