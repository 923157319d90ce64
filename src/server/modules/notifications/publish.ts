import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { userTopic, type NewEvent } from '../events/index.js';
import type { Notified } from './create.js';

const EVENT_IDS = sql`pg_get_serial_sequence('event_log', 'id')`;

/**
 * After the write committed: a `notification` event `{unread}` on each recipient's own
 * topic (CONTRACT.md section 10), counted now, so it counts the committed rows; the
 * event log's trigger carries it to every instance. The write's spare slots burn one
 * event id each (create.ts says why), so the event ids every stream sees move alike
 * whoever wrote. One statement, only when the write had slots.
 */
export async function publishUnread(db: DbOrTx, { recipients, slots }: Notified): Promise<void> {
  if (slots === 0) return;
  const topics = recipients.map(userTopic);
  await db.execute(sql`
    WITH published AS (
      INSERT INTO event_log (topic, type, data)
      SELECT r.topic, ${'notification' satisfies NewEvent['type']}::text,
        jsonb_build_object('unread', (SELECT count(*) FROM notifications n WHERE n.user_id = r.user_id AND n.read_at IS NULL))
      FROM unnest(${sql.param(recipients)}::int[], ${sql.param(topics)}::text[]) AS r(user_id, topic)
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
 */
export function createPublisher(db: DbOrTx, log: PublishLog) {
  return async (notified: Notified): Promise<void> => {
    try {
      await publishUnread(db, notified);
    } catch (error) {
      log.warn({ err: error }, 'could not publish notification counts');
    }
  };
}

export type PublishNotified = ReturnType<typeof createPublisher>;
