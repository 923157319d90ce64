import { sql } from 'drizzle-orm';
import { LIVE_EVENT_RETENTION_MS } from '../../../shared/constants.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { eventLog } from '../../db/schema.js';

/**
 * What a write announces (CONTRACT.md section 10): ids only, never content, so every
 * privacy rule still applies when a client fetches what changed.
 */
export type NewEvent =
  | { type: 'post'; threadId: number; postId: number }
  | { type: 'thread'; boardCode: string; threadId: number }
  | { type: 'update'; threadId: number }
  /** The recipient's unread count changed; on their own topic only (modules/notifications). */
  | { type: 'notification'; userId: number; unread: number };

/** An event as the log holds it and the listener hears it. */
export interface LoggedEvent {
  id: number;
  topic: string;
  type: string;
  data: Record<string, unknown>;
  /** When it was written (ms since the epoch), as its NOTIFY says; never sent to clients. */
  at?: number;
}

export const threadTopic = (threadId: number) => `thread:${threadId}`;
export const boardTopic = (boardCode: string) => `board:${boardCode}`;
/** A signed-in user's own events (their notifications): only their own streams watch it. */
export const userTopic = (userId: number) => `user:${userId}`;
/**
 * The notifications of one anonymous thread's or post's author (CONTRACT.md sections 10
 * and 13), by its author tag: the author's signed-in streams watch the topics of their
 * tags, which only their key computes, so no event names the account they reach. Its
 * events carry no count: the stream counts its user's unread when it hears one.
 */
export const tagTopic = (tag: string) => `tag:${tag}`;
export const isTagTopic = (topic: string) => topic.startsWith('tag:');

function topicOf(event: NewEvent): string {
  switch (event.type) {
    case 'thread':
      return boardTopic(event.boardCode);
    case 'notification':
      return userTopic(event.userId);
    default:
      return threadTopic(event.threadId);
  }
}

/**
 * Records an event in the caller's transaction, so it exists exactly when the write
 * does; the log's trigger announces it (pg_notify) when the transaction commits.
 * The reply path writes its event inside its one statement instead (modules/posts).
 */
export async function recordEvent(db: DbOrTx, event: NewEvent): Promise<void> {
  const topic = topicOf(event);
  // The user's id is the topic's, never the event's: data names what changed, not whose.
  const { type, ...data } = event.type === 'notification' ? { type: event.type, unread: event.unread } : event;
  await db.insert(eventLog).values({ topic, type, data });
}

/** Where a stream resumes: after an id, from the newest event (undefined), or nowhere a client could be (malformed). */
export type ResumeFrom = number | 'unplaceable' | undefined;

/**
 * What a stream opening with `Last-Event-ID: afterId` missed on its topics, or `reset`
 * (CONTRACT.md section 10) when it cannot be placed: the log no longer reaches back that
 * far (pruned: older than the kept 5 minutes), an id this database never gave (from the
 * future), a value that is no id, or more than `limit` to replay. `latestId` is the
 * newest id given so far: a stream starts from it.
 */
export async function eventsSince(db: Db, topics: readonly string[], afterId: ResumeFrom, limit = 500): Promise<{ reset: boolean; latestId: number; events: LoggedEvent[] }> {
  const [horizon] = (
    await db.execute<{ oldest: string | null; latest: string | null }>(
      sql`SELECT (SELECT min(id) FROM event_log) AS oldest, pg_sequence_last_value('event_log_id_seq') AS latest`,
    )
  ).rows;
  const latestId = Number(horizon?.latest ?? 0);
  if (afterId === undefined) return { reset: false, latestId, events: [] };
  if (afterId === 'unplaceable') return { reset: true, latestId, events: [] };
  const oldest = horizon?.oldest === null || horizon?.oldest === undefined ? undefined : Number(horizon.oldest);
  // Every id after afterId must still be in the log: the log starts right after it, or it is empty and nothing came after.
  const gone = afterId > latestId || (oldest === undefined ? afterId < latestId : afterId < oldest - 1);
  if (gone) return { reset: true, latestId, events: [] };
  if (topics.length === 0 || afterId === latestId) return { reset: false, latestId, events: [] };
  const rows = await db.execute<{ id: string; topic: string; type: string; data: Record<string, unknown> }>(
    sql`SELECT id, topic, type, data FROM event_log WHERE topic = ANY(${sql.param(topics)}::text[]) AND id > ${afterId} ORDER BY id LIMIT ${limit + 1}`,
  );
  // More than a stream should replay: start over instead.
  if (rows.rows.length > limit) return { reset: true, latestId, events: [] };
  return { reset: false, latestId, events: rows.rows.map((row) => ({ ...row, id: Number(row.id) })) };
}

/** Every event after `afterId` on any topic, for a listener that reconnected. */
export async function eventsAfter(db: Db, afterId: number, limit: number): Promise<LoggedEvent[]> {
  const rows = await db.execute<{ id: string; topic: string; type: string; data: Record<string, unknown> }>(
    sql`SELECT id, topic, type, data FROM event_log WHERE id > ${afterId} ORDER BY id LIMIT ${limit}`,
  );
  return rows.rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** The newest event id given so far (0 before the first). */
export async function latestEventId(db: Db): Promise<number> {
  const [row] = (await db.execute<{ latest: string | null }>(sql`SELECT pg_sequence_last_value('event_log_id_seq') AS latest`)).rows;
  return Number(row?.latest ?? 0);
}

/** Deletes events older than the resume window; cheap on the created_at index. */
export async function pruneEventLog(db: DbOrTx, retentionMs = LIVE_EVENT_RETENTION_MS): Promise<number> {
  const result = await db.execute(sql`DELETE FROM ${eventLog} WHERE ${eventLog.createdAt} < now() - make_interval(secs => ${retentionMs / 1000})`);
  return result.rowCount ?? 0;
}
