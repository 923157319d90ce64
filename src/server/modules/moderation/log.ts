import { desc, eq, lt } from 'drizzle-orm';
import type { ModerationAction, ModerationLogEntry, ModerationTargetType } from '../../../shared/api.js';
import type { DbOrTx } from '../../db/client.js';
import { moderationLog, users } from '../../db/schema.js';

export const LOG_PAGE_SIZE = 50;

export interface ModerationRecord {
  adminId: number;
  action: ModerationAction;
  targetType: ModerationTargetType;
  targetId: number | string;
  /** What the target was at the time, so the entry still reads well once it is gone. */
  details?: Record<string, unknown>;
}

/**
 * Records a moderation action (CONTRACT.md section 6: who did it and when). Takes the
 * action's own transaction, so an entry exists exactly when the action happened.
 */
export async function recordModeration(tx: DbOrTx, record: ModerationRecord): Promise<void> {
  await tx.insert(moderationLog).values({
    adminId: record.adminId,
    action: record.action,
    targetType: record.targetType,
    targetId: String(record.targetId),
    details: record.details ?? {},
  });
}

/** The log, newest first, a page at a time before `beforeId`. */
export async function listModerationLog(db: DbOrTx, { beforeId }: { beforeId?: number | undefined } = {}): Promise<ModerationLogEntry[]> {
  const rows = await db
    .select({
      id: moderationLog.id,
      action: moderationLog.action,
      targetType: moderationLog.targetType,
      targetId: moderationLog.targetId,
      details: moderationLog.details,
      createdAt: moderationLog.createdAt,
      adminId: moderationLog.adminId,
      adminUsername: users.username,
    })
    .from(moderationLog)
    .leftJoin(users, eq(users.id, moderationLog.adminId))
    .where(beforeId ? lt(moderationLog.id, beforeId) : undefined)
    .orderBy(desc(moderationLog.id))
    .limit(LOG_PAGE_SIZE);
  return rows.map((row) => ({
    id: row.id,
    action: row.action as ModerationAction,
    targetType: row.targetType as ModerationTargetType,
    targetId: row.targetId,
    details: row.details as Record<string, unknown>,
    createdAt: row.createdAt.toISOString(),
    admin: row.adminId !== null && row.adminUsername !== null ? { id: row.adminId, username: row.adminUsername } : null,
  }));
}
