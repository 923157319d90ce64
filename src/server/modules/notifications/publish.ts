import { sql } from 'drizzle-orm';
import { queryContext, type DbOrTx } from '../../db/client.js';
import { tagTopic, userTopic, type NewEvent } from '../events/index.js';
import type { Notified } from './create.js';

const EVENT_IDS = sql`pg_get_serial_sequence('event_log', 'id')`;
const NOTIFICATION = 'notification' satisfies NewEvent['type'];

/**
 * After the write committed: a `notification` event on each recipient's own topic
 * (CONTRACT.md section 10), and the event log's trigger carries it to every instance.
 * An account's event carries `{unread}`, counted now, so it counts the committed rows
 * (of that account; its streams count its tags' rows too when they hear it). A tag's
 * event (events/log.ts: tagTopic) carries nothing: a count there would be the account's,
 * and beside a `user:` event of the same count it would name the author; the author's
 * streams, which watch their tags' topics, count when they hear it. The write's spare
 * slots burn one event id each (create.ts says why), so the event ids every stream sees
 * move alike whoever wrote. One statement, only when the write had slots.
 */
export async function publishUnread(db: DbOrTx, { recipients, tags, slots }: Notified): Promise<void> {
  if (slots === 0) return;
  const topics = recipients.map(userTopic);
  await db.execute(sql`
    WITH published AS (
      INSERT INTO event_log (topic, type, data)
      SELECT r.topic, ${NOTIFICATION}::text,
        jsonb_build_object('unread', (SELECT count(*) FROM notifications n WHERE n.user_id = r.user_id AND n.read_at IS NULL))
      FROM unnest(${sql.param(recipients)}::int[], ${sql.param(topics)}::text[]) AS r(user_id, topic)
      UNION ALL
      SELECT topic, ${NOTIFICATION}::text, '{}'::jsonb FROM unnest(${sql.param(tags.map(tagTopic))}::text[]) AS topic
      RETURNING id),
    burned AS (SELECT nextval(${EVENT_IDS}) FROM generate_series(1, ${slots}::int - (SELECT count(*) FROM published)::int))
    SELECT (SELECT count(*) FROM published) + (SELECT count(*) FROM burned) AS used`);
}

/** Where a publish that failed is reported: the write it follows has committed and stands. */
export interface PublishLog {
  warn(object: object, message: string): void;
}

/**
 * publishUnread for a request whose write has committed: a failure (the database went
 * away in between) costs only the live bell update, which the next event or the
 * client's poll catches up, so it is logged and the request still succeeds.
 *
 * It runs outside the request's query context: the write it announces has committed,
 * so a client that hangs up now must not cancel the announcement (db/cancellable-pool.ts
 * cuts an abandoned request's queries), or the recipients' counts would miss it.
 */
export function createPublisher(db: DbOrTx, log: PublishLog) {
  return async (notified: Notified): Promise<void> => {
    try {
      await queryContext.exit(() => publishUnread(db, notified));
    } catch (error) {
      log.warn({ err: error }, 'could not publish notification counts');
    }
  };
}

export type PublishNotified = ReturnType<typeof createPublisher>;
