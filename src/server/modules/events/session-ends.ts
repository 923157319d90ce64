import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { sessions } from '../../db/schema.js';

/** The channel the event log's trigger notifies (migration 0003_live_events); session ends ride on it too. */
export const EVENTS_CHANNEL = 'hushboard_events';

/**
 * What the channel carries when a session ends (logout, a newer login in its browser,
 * account deletion, suspension, expiry): the streams opened with that session end on
 * every instance. Not an event: it is never logged, replayed nor sent to a client.
 * `session` is the sessions row's id (the SHA-256 of the cookie's token, never the token).
 */
export interface SessionEnd {
  end: { userId: number; session: string };
}

export function isSessionEnd(payload: unknown): payload is SessionEnd {
  const end = (payload as Partial<SessionEnd> | null)?.end;
  return typeof end === 'object' && end !== null && typeof end.userId === 'number' && typeof end.session === 'string';
}

/**
 * Deletes the sessions `where` selects and, in the same statement, announces each one's
 * end on the events channel: PostgreSQL delivers it when the caller's transaction
 * commits (never for a rolled-back one), so a stream held by any instance ends with
 * its session. Every write that ends sessions goes through here. Answers how many ended.
 */
export async function endSessions(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const result = await db.execute(
    sql`WITH ended AS (DELETE FROM ${sessions} WHERE ${where ?? sql`false`} RETURNING id, user_id)
      SELECT pg_notify(${EVENTS_CHANNEL}, json_build_object('end', json_build_object('userId', user_id, 'session', id))::text) FROM ended`,
  );
  return result.rowCount ?? 0;
}

/** Which of these sessions are still live (neither ended nor expired). */
export async function liveSessions(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.execute<{ id: string }>(sql`SELECT id FROM ${sessions} WHERE id = ANY(${sql.param(ids)}::text[]) AND expires_at > now()`);
  return new Set(rows.rows.map((row) => row.id));
}
