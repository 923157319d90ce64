import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Ban, IpHashes } from '../../../shared/api.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { bannedIps, posts, threads, users } from '../../db/schema.js';
import { NotFoundError } from '../../lib/errors.js';
import { THREAD_NOT_FOUND } from '../../lib/messages.js';
import { recordModeration } from './log.js';

export const NOT_BANNED = 'This IP hash is not banned';

/** A ban applies until it expires; a null expiry never does (the same test, on the same clock, as plugins/client-ip.ts). */
const inForce = (): SQL => or(isNull(bannedIps.expiresAt), gt(bannedIps.expiresAt, new Date()))!;

const banColumns = {
  id: bannedIps.id,
  ipHash: bannedIps.ipHash,
  bannedAt: bannedIps.bannedAt,
  reason: bannedIps.reason,
  expiresAt: bannedIps.expiresAt,
  bannedById: bannedIps.bannedById,
  bannedByUsername: users.username,
};

interface BanRow {
  id: number;
  ipHash: string;
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
    bannedAt: row.bannedAt.toISOString(),
    reason: row.reason,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    bannedBy: row.bannedById !== null && row.bannedByUsername !== null ? { id: row.bannedById, username: row.bannedByUsername } : null,
  };
}

const selectBans = (db: DbOrTx) => db.select(banColumns).from(bannedIps).leftJoin(users, eq(users.id, bannedIps.bannedById));

/** IP bans and the IP Finder (SPEC.md section 2, moderation panel). */
export function createBanService(db: Db) {
  return {
    /** The bans in force, newest first; expired ones no longer apply and are not listed. */
    async list(): Promise<Ban[]> {
      const rows = await selectBans(db).where(inForce()).orderBy(desc(bannedIps.bannedAt), desc(bannedIps.id));
      return rows.map(serializeBan);
    },

    /**
     * Bans an IP hash, or re-decides an existing ban (reason, expiry, who and when):
     * one row per hash, so a lifted or expired ban is simply replaced.
     */
    async ban(adminId: number, input: { ipHash: string; reason?: string | undefined; expiresAt?: string | undefined }): Promise<Ban> {
      const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
      const values = { ipHash: input.ipHash, reason: input.reason ?? null, expiresAt, bannedById: adminId };
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(bannedIps)
          .values(values)
          .onConflictDoUpdate({ target: bannedIps.ipHash, set: { ...values, bannedAt: sql`now()` } })
          .returning({ id: bannedIps.id });
        await recordModeration(tx, {
          adminId,
          action: 'ban',
          targetType: 'ip',
          targetId: input.ipHash,
          details: { reason: values.reason, expiresAt: values.expiresAt?.toISOString() ?? null },
        });
        return row!.id;
      });
      const [row] = await selectBans(db).where(eq(bannedIps.id, id));
      return serializeBan(row!);
    },

    /** Lifts a ban in force; a hash that is not banned (or whose ban expired) is a 404. */
    async unban(adminId: number, ipHash: string): Promise<void> {
      await db.transaction(async (tx) => {
        // An expired row goes too: it no longer applied, and keeping it serves nothing.
        const [row] = await tx.delete(bannedIps).where(eq(bannedIps.ipHash, ipHash)).returning({ expiresAt: bannedIps.expiresAt });
        if (!row || (row.expiresAt !== null && row.expiresAt <= new Date())) throw new NotFoundError(NOT_BANNED);
        await recordModeration(tx, { adminId, action: 'unban', targetType: 'ip', targetId: ipHash });
      });
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
      const banned = hashes.length
        ? await db.select({ ipHash: bannedIps.ipHash }).from(bannedIps).where(and(inArray(bannedIps.ipHash, hashes), inForce()))
        : [];
      const bannedSet = new Set(banned.map((row) => row.ipHash));
      return {
        threadId,
        hashes: [...byHash].map(([ipHash, entry]) => ({ ipHash, ...entry, isBanned: bannedSet.has(ipHash) })),
      };
    },
  };
}

export type BanService = ReturnType<typeof createBanService>;
