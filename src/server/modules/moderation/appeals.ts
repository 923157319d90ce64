import { and, eq, ne, sql } from 'drizzle-orm';
import type { Appeal, AppealStatus, BanScope, MyAppeal, MyBan } from '../../../shared/api.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { authorSuspensions, banAppeals, bannedIps, users } from '../../db/schema.js';
import { ConflictError, isUniqueViolation, NotFoundError } from '../../lib/errors.js';
import type { BanList } from './ban-list.js';
import { recordModeration } from './log.js';
import type { SuspensionList } from './suspension-list.js';
import { type SuspensionFound, serializeSuspensionRef } from './suspensions.js';

export const NOT_BANNED_YOU = 'You are not banned';
export const ALREADY_APPEALED = 'You have already appealed this ban';
export const APPEAL_NOT_FOUND = 'Appeal not found';
export const APPEAL_DECIDED = 'This appeal has already been decided';

/** The admins' queue: this many at most, pending ones first. */
const QUEUE_SIZE = 100;

/**
 * A banned visitor as an appeal knows them: the IP hash an appeal keeps (the named
 * family's, which nothing anonymous holds) and every hash a ban may cover them by (both
 * families' address and ranges: plugins/client-ip.ts `banKeys`).
 */
export interface BanClient {
  ipHash: string;
  banKeys: string[];
}

/**
 * The ban in force that covers these hashes, the one lasting longest: the same rule as
 * the ban check (plugins/client-ip.ts), so the ban a visitor appeals is the one they see.
 */
async function banCovering(db: DbOrTx, keys: string[]) {
  const [ban] = await db
    .select({ id: bannedIps.id, reason: bannedIps.reason, expiresAt: bannedIps.expiresAt, bannedAt: bannedIps.bannedAt })
    .from(bannedIps)
    .where(
      sql`coalesce(${bannedIps.rangeHash}, ${bannedIps.ipHash}) = any(${sql.param(keys)}::varchar[])
        and (${bannedIps.expiresAt} is null or ${bannedIps.expiresAt} > now())`,
    )
    .orderBy(sql`${bannedIps.expiresAt} desc nulls first`, sql`${bannedIps.id} desc`)
    .limit(1);
  return ban;
}

interface AppealRow {
  status: AppealStatus;
  message: string;
  response: string | null;
  createdAt: Date;
  decidedAt: Date | null;
}

const serializeMine = (row: AppealRow): MyAppeal => ({
  status: row.status,
  message: row.message,
  response: row.response,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

const appealColumns = {
  id: banAppeals.id,
  status: banAppeals.status,
  message: banAppeals.message,
  response: banAppeals.response,
  createdAt: banAppeals.createdAt,
  decidedAt: banAppeals.decidedAt,
  decidedById: banAppeals.decidedById,
  decidedByUsername: users.username,
  banId: bannedIps.id,
  ipHash: bannedIps.ipHash,
  scope: bannedIps.scope,
  reason: bannedIps.reason,
  expiresAt: bannedIps.expiresAt,
  bannedAt: bannedIps.bannedAt,
  suspensionId: authorSuspensions.id,
  suspensionThreadId: authorSuspensions.threadId,
  suspensionPostId: authorSuspensions.postId,
  suspensionReason: authorSuspensions.reason,
  suspensionExpiresAt: authorSuspensions.expiresAt,
  suspendedAt: authorSuspensions.suspendedAt,
};

type QueueRow = AppealRow & {
  id: number;
  decidedById: number | null;
  decidedByUsername: string | null;
  banId: number | null;
  ipHash: string | null;
  scope: BanScope | null;
  reason: string | null;
  expiresAt: Date | null;
  bannedAt: Date | null;
  suspensionId: number | null;
  suspensionThreadId: number | null;
  suspensionPostId: number | null;
  suspensionReason: string | null;
  suspensionExpiresAt: Date | null;
  suspendedAt: Date | null;
};

function serializeAppeal(row: QueueRow): Appeal {
  return {
    id: row.id,
    ...serializeMine(row),
    ban:
      row.banId !== null && row.ipHash !== null && row.scope !== null && row.bannedAt !== null
        ? { id: row.banId, ipHash: row.ipHash, scope: row.scope, reason: row.reason, expiresAt: row.expiresAt?.toISOString() ?? null, bannedAt: row.bannedAt.toISOString() }
        : null,
    suspension:
      row.suspensionId !== null && row.suspensionThreadId !== null && row.suspensionReason !== null && row.suspendedAt !== null
        ? serializeSuspensionRef({
            id: row.suspensionId,
            threadId: row.suspensionThreadId,
            postId: row.suspensionPostId,
            reason: row.suspensionReason,
            expiresAt: row.suspensionExpiresAt,
            suspendedAt: row.suspendedAt,
          })
        : null,
    decidedBy: row.decidedById !== null && row.decidedByUsername !== null ? { id: row.decidedById, username: row.decidedByUsername } : null,
  };
}

const selectQueue = (db: DbOrTx) =>
  db
    .select(appealColumns)
    .from(banAppeals)
    .leftJoin(bannedIps, eq(bannedIps.id, banAppeals.banId))
    .leftJoin(authorSuspensions, eq(authorSuspensions.id, banAppeals.suspensionId))
    .leftJoin(users, eq(users.id, banAppeals.decidedById));

/**
 * Appeals against bans (CONTRACT.md section 11) and author suspensions (section 13): the
 * banned visitor's side and the admins'. An IP ban covering the caller comes first (it is
 * what their writes were refused with); else the caller's author suspension, found by
 * their key or the appeal cookie (plugins/author-suspension.ts), whose appeal names the
 * suspension and nothing of the caller.
 */
export function createAppealService(db: Db, banList: Pick<BanList, 'changed'>, suspensionList: Pick<SuspensionList, 'changed'>) {
  async function suspensionAppeal(suspension: SuspensionFound): Promise<MyBan> {
    const [appeal] = await db
      .select({ status: banAppeals.status, message: banAppeals.message, response: banAppeals.response, createdAt: banAppeals.createdAt, decidedAt: banAppeals.decidedAt })
      .from(banAppeals)
      .where(eq(banAppeals.suspensionId, suspension.id));
    return {
      ban: { reason: suspension.reason, expiresAt: suspension.expiresAt?.toISOString() ?? null, bannedAt: suspension.suspendedAt.toISOString(), appealable: !appeal },
      appeal: appeal ? serializeMine(appeal) : null,
    };
  }

  async function mine(client: BanClient, suspension?: () => Promise<SuspensionFound | undefined>): Promise<MyBan> {
    const ban = await banCovering(db, client.banKeys);
    if (!ban) {
      const suspended = await suspension?.();
      return suspended ? suspensionAppeal(suspended) : null;
    }
    // A range ban covers other people: each has an appeal of their own, and reads only
    // theirs and its answer (issue 28, finding 7).
    const [appeal] = await db
      .select({ status: banAppeals.status, message: banAppeals.message, response: banAppeals.response, createdAt: banAppeals.createdAt, decidedAt: banAppeals.decidedAt })
      .from(banAppeals)
      .where(and(eq(banAppeals.banId, ban.id), eq(banAppeals.ipHash, client.ipHash)));
    return {
      ban: { reason: ban.reason, expiresAt: ban.expiresAt?.toISOString() ?? null, bannedAt: ban.bannedAt.toISOString(), appealable: !appeal },
      appeal: appeal ? serializeMine(appeal) : null,
    };
  }

  return {
    mine,

    /**
     * One appeal per person per ban (unique ban_id, ip_hash): a second one from the same
     * address (or a lost race for the first) is a 409; another address behind the same
     * range ban appeals for itself.
     */
    async appeal(client: BanClient, message: string, suspension?: () => Promise<SuspensionFound | undefined>): Promise<MyAppeal> {
      const ban = await banCovering(db, client.banKeys);
      // A suspension's appeal holds its id and the message: no ipHash, no user (CONTRACT.md section 13).
      const suspended = ban ? undefined : await suspension?.();
      if (!ban && !suspended) throw new NotFoundError(NOT_BANNED_YOU);
      try {
        const values = ban ? { banId: ban.id, message, ipHash: client.ipHash } : { suspensionId: suspended!.id, message };
        const [row] = await db.insert(banAppeals).values(values).returning();
        return serializeMine(row!);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(ALREADY_APPEALED);
        throw error;
      }
    },

    /** The queue: pending appeals oldest first, then decided ones newest first. */
    async list(): Promise<Appeal[]> {
      const rows = await selectQueue(db)
        .orderBy(sql`${banAppeals.status} = 'pending' desc`, sql`case when ${banAppeals.status} = 'pending' then ${banAppeals.id} else -${banAppeals.id} end`)
        .limit(QUEUE_SIZE);
      return rows.map(serializeAppeal);
    },

    /**
     * Accepting lifts the ban, for everyone it covered: the other pending appeals of that
     * ban are closed as accepted with it (by the same admin, without the response, which
     * was written to one appellant), and the log entry names them. A denial answers that
     * appeal alone. Both decisions, and their response, go into the moderation log.
     */
    async decide(adminId: number, appealId: number, decision: { status: 'accepted' | 'denied'; response?: string | undefined }): Promise<Appeal> {
      await db.transaction(async (tx) => {
        // The ban row is locked before the appeal, as the ban service's writes lock it
        // before the appeals they touch: two admins answering two appeals of one range
        // ban take turns (the second finds its appeal closed by the first: a 409) rather
        // than deadlock.
        const [known] = await tx.select({ banId: banAppeals.banId, suspensionId: banAppeals.suspensionId }).from(banAppeals).where(eq(banAppeals.id, appealId));
        if (!known) throw new NotFoundError(APPEAL_NOT_FOUND);
        const [ban] = known.banId === null ? [] : await tx.select().from(bannedIps).where(eq(bannedIps.id, known.banId)).for('update');
        const [suspension] =
          known.suspensionId === null ? [] : await tx.select().from(authorSuspensions).where(eq(authorSuspensions.id, known.suspensionId)).for('update');
        const [appeal] = await tx.select({ status: banAppeals.status }).from(banAppeals).where(eq(banAppeals.id, appealId)).for('update');
        if (!appeal) throw new NotFoundError(APPEAL_NOT_FOUND);
        if (appeal.status !== 'pending') throw new ConflictError(APPEAL_DECIDED);
        await tx
          .update(banAppeals)
          .set({ status: decision.status, response: decision.response ?? null, decidedAt: sql`now()`, decidedById: adminId })
          .where(eq(banAppeals.id, appealId));
        let closed: number[] = [];
        if (ban && decision.status === 'accepted') {
          closed = (
            await tx
              .update(banAppeals)
              .set({ status: 'accepted', decidedAt: sql`now()`, decidedById: adminId })
              .where(and(eq(banAppeals.banId, ban.id), eq(banAppeals.status, 'pending'), ne(banAppeals.id, appealId)))
              .returning({ id: banAppeals.id })
          ).map((row) => row.id);
          // The appeals keep their answer; the ban row goes (their foreign key turns null).
          await tx.delete(bannedIps).where(eq(bannedIps.id, ban.id));
        }
        // A suspension has one appeal (its author's): accepting it lifts the suspension.
        if (suspension && decision.status === 'accepted') await tx.delete(authorSuspensions).where(eq(authorSuspensions.id, suspension.id));
        await recordModeration(tx, {
          adminId,
          action: decision.status === 'accepted' ? 'appeal_accepted' : 'appeal_denied',
          targetType: 'appeal',
          targetId: appealId,
          details: {
            ipHash: ban?.ipHash ?? null,
            scope: ban?.scope ?? null,
            // An author suspension is named by its id and content, never by its tag.
            ...(suspension ? { suspensionId: suspension.id, threadId: suspension.threadId, postId: suspension.postId } : {}),
            banReason: ban?.reason ?? suspension?.reason ?? null,
            response: decision.response ?? null,
            ...(closed.length > 0 ? { alsoAccepted: closed.sort((a, b) => a - b) } : {}),
          },
        });
      });
      // An accepted appeal lifted the ban: this instance's next request must see it.
      if (decision.status === 'accepted') {
        banList.changed();
        suspensionList.changed();
      }
      const [row] = await selectQueue(db).where(eq(banAppeals.id, appealId));
      return serializeAppeal(row!);
    },
  };
}

export type AppealService = ReturnType<typeof createAppealService>;

