import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type AuthorKey, liveAuthorId } from '../../lib/author-key.js';
import { EVENTS_CHANNEL } from './session-ends.js';

/**
 * What the events channel carries when an author starts writing anonymously in a thread
 * new to them (CONTRACT.md sections 10 and 13): their signed-in streams, on every
 * instance, list their tags again and watch the new one, so a reply to it reaches them.
 * `authored` is lib/author-key.ts's liveAuthorId, which only the key computes and no row
 * holds; the payload names neither the account nor the thread. Not an event: never
 * logged, replayed nor sent to a client, so no `user:` event stands beside the write.
 */
export interface AuthoredAnnouncement {
  authored: string;
}

export function isAuthoredAnnouncement(payload: unknown): payload is AuthoredAnnouncement {
  return typeof (payload as Partial<AuthoredAnnouncement> | null)?.authored === 'string';
}

/** Announces it in the caller's transaction: PostgreSQL delivers it on commit, never for a rollback. */
export async function announceAuthored(db: DbOrTx, key: AuthorKey): Promise<void> {
  const payload: AuthoredAnnouncement = { authored: liveAuthorId(key) };
  await db.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(payload)})`);
}
