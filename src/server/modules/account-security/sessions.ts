import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { SESSION_TTL_MS } from '../../../shared/constants.js';
import type { AccountSession } from '../../../shared/schemas/account-security.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { sessions } from '../../db/schema.js';
import { endSessions } from '../events/index.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isSessionHandle = (value: string) => UUID.test(value);

/**
 * The account's live sessions (CONTRACT.md section 15). "Last used" is not a column of
 * its own: it is what the sliding expiry already keeps (plugins/session.ts moves it at
 * most once a day, on a read, to the hour), so the list adds no finer trace of activity
 * to the database than there was (docs/privacy.md). At sign-in it is the sign-in.
 */
export async function listSessions(db: Db, userId: number, currentId: string | null): Promise<AccountSession[]> {
  const rows = await db
    .select({ id: sessions.id, handle: sessions.handle, browser: sessions.browser, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.createdAt));
  const now = Date.now();
  return rows.map((row) => ({
    id: row.handle,
    current: row.id === currentId,
    browser: row.browser,
    createdAt: row.createdAt.toISOString(),
    // The slide rounds the expiry up to the hour: never later than now.
    lastUsedAt: new Date(Math.min(now, Math.max(row.createdAt.getTime(), row.expiresAt.getTime() - SESSION_TTL_MS))).toISOString(),
  }));
}

/** Signs out one of the account's sessions by its handle (its streams too); false when there is none. */
export async function endSessionByHandle(db: DbOrTx, userId: number, handle: string): Promise<boolean> {
  return (await endSessions(db, and(eq(sessions.userId, userId), eq(sessions.handle, handle)))) > 0;
}

/** Signs out every session of the account but `keep` (the caller's; all of them when null), with their streams. */
export function endOtherSessions(db: DbOrTx, userId: number, keep: string | null): Promise<number> {
  return endSessions(db, keep === null ? eq(sessions.userId, userId) : and(eq(sessions.userId, userId), ne(sessions.id, keep)));
}

/** The handle of a session, by its row id (the current one's, to tell whether a handle names it). */
export async function handleOf(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ handle: sessions.handle }).from(sessions).where(eq(sessions.id, id)).limit(1);
  return row?.handle ?? null;
}
