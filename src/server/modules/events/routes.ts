import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryContext } from '../../db/client.js';
import { HttpError } from '../../lib/errors.js';
import { BOARD_NOT_FOUND, THREAD_NOT_FOUND } from '../../lib/messages.js';
import { parseId } from '../../lib/params.js';
import { NotFoundError } from '../../lib/errors.js';
import { liveAuthorId } from '../../lib/author-key.js';
import { listAuthorTags } from '../../lib/authored-threads.js';
import type { LiveStream } from './hub.js';
import { boardTopic, eventsSince, tagTopic, threadTopic, userTopic, type LoggedEvent, type NewEvent, type ResumeFrom } from './log.js';
import { liveSessions } from './session-ends.js';

export const TOO_MANY_STREAMS = 'Too many open event streams';

/** A stream whose client stops reading is ended beyond this much unsent text; it reconnects and resumes. */
const MAX_BUFFERED_BYTES = 64 * 1024;
/** How long a client waits before reconnecting (the SSE `retry:` field). */
const RETRY_MS = 3_000;

const isNotification = (event: LoggedEvent) => event.type === ('notification' satisfies NewEvent['type']);

const eventText = (event: LoggedEvent) => `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;

/**
 * Where a client asks to resume (`Last-Event-ID`, else `?since=`): nothing asked (start
 * at the newest event), an id, or a value that is no id we could have given (a reset:
 * the client must refetch rather than silently miss what came after it).
 */
function resumePoint(value: string | string[] | undefined): ResumeFrom {
  if (value === undefined) return undefined;
  const text = (Array.isArray(value) ? value.join(',') : value).trim();
  if (text === '') return undefined;
  const id = /^\d{1,15}$/.test(text) ? Number(text) : NaN;
  return Number.isSafeInteger(id) ? id : 'unplaceable';
}

/**
 * GET /api/events (CONTRACT.md section 10): one Server-Sent Events stream per page. The
 * route checks what it watches (404 for an unknown or deleted thread, an unknown board),
 * admits it under the per-IP cap (429), replays what a `Last-Event-ID` missed, then
 * hands the raw response to the hub. No pool client is held while the stream is open:
 * the hub's one LISTEN connection feeds every stream of the instance.
 */
export async function eventRoutes(app: FastifyInstance) {
  const { liveEvents, notifications } = app.services;
  // Before the server waits for requests to finish: open streams would hold a stop until SHUTDOWN_TIMEOUT.
  app.addHook('preClose', (done) => {
    liveEvents.endStreams();
    done();
  });
  app.addHook('onClose', async () => liveEvents.close());

  app.get<{ Querystring: { thread?: string; board?: string; since?: string } }>('/api/events', async (request, reply) => {
    const { thread, board, since: resumeAfter } = request.query;
    const threadId = thread === undefined || thread === '' ? undefined : parseId(thread, THREAD_NOT_FOUND);
    const boardCode = board === undefined || board === '' ? undefined : board;
    if (boardCode !== undefined && !/^[a-z0-9]{1,10}$/.test(boardCode)) throw new NotFoundError(BOARD_NOT_FOUND);
    if (threadId !== undefined || boardCode !== undefined) {
      const [found] = (
        await app.db.execute<{ thread: boolean; board: boolean }>(
          sql`SELECT EXISTS (SELECT 1 FROM threads WHERE id = ${threadId ?? 0} AND NOT is_deleted) AS thread,
            EXISTS (SELECT 1 FROM boards WHERE code = ${boardCode ?? ''}) AS board`,
        )
      ).rows;
      if (threadId !== undefined && !found?.thread) throw new NotFoundError(THREAD_NOT_FOUND);
      if (boardCode !== undefined && !found?.board) throw new NotFoundError(BOARD_NOT_FOUND);
    }
    const user = request.user;
    const authorKey = user ? request.authorKey : null;
    const watched = [
      ...(threadId !== undefined ? [threadTopic(threadId)] : []),
      ...(boardCode !== undefined ? [boardTopic(boardCode)] : []),
      // A signed-in stream also carries the user's own notification counts (CONTRACT.md section 10).
      ...(user ? [userTopic(user.id)] : []),
    ];
    // And those of their anonymous writing, addressed to its tags (section 13): the
    // topics of the tags their key finds now, and again when they write in a new thread.
    let tags = authorKey ? await listAuthorTags(app.db, authorKey) : [];
    const topicsWith = (of: string[]) => [...watched, ...of.map(tagTopic)];
    const topics = topicsWith(tags);
    await liveEvents.ensureListening();

    const raw = reply.raw;
    // Events heard before the replay is written wait here, then go out unless already sent.
    let pending: LoggedEvent[] | undefined = [];
    const sent = new Set<number>();
    // Ended (its session ended, the server stops): nothing more goes out, whatever is heard.
    let ended = false;
    const write = (text: string) => {
      if (ended || raw.destroyed || raw.writableEnded) return;
      raw.write(text);
      if (raw.writableLength > MAX_BUFFERED_BYTES) raw.destroy();
    };
    let remove = () => {};
    const session = user && request.sessionId ? { id: request.sessionId, userId: user.id } : undefined;

    // A `notification` event on a signed-in stream says its user's whole unread count:
    // their account's rows and their tags' (section 13). An account's event carries the
    // account's count as written; a tag's carries none. So a stream whose user has tags
    // counts both parts when it hears either (the written count may hold rows about their
    // own anonymous writing, which they are never shown: notifications/service.ts); one
    // without tags sends the account's events as they are, at no cost. Counted in the
    // order heard, so the stream's ids stay in order: events wait behind a count in flight.
    const counted = (event: LoggedEvent) => isNotification(event) && tags.length > 0;
    const recount = async (events: LoggedEvent[]): Promise<LoggedEvent[]> => {
      if (!user || !events.some(counted)) return events;
      try {
        const unread = await notifications.unreadParts({ userId: user.id, tags });
        return events.map((event) => {
          if (!isNotification(event)) return event;
          // The account's part as counted here, not as written: the writer's count holds
          // the rows about this reader's own anonymous writing, which the reader never sees.
          return { ...event, data: { unread: unread.account + unread.tags } };
        });
      } catch (error) {
        request.log.warn({ err: error }, 'could not count unread notifications for a stream');
        // The account's own count as written is the best left; a tag's event has none.
        return events.filter((event) => !isNotification(event) || 'unread' in event.data);
      }
    };
    let queue: Promise<void> | undefined;
    const send = (event: LoggedEvent) => {
      if (!queue && !counted(event)) {
        write(eventText(event));
        return;
      }
      const next = (queue ?? Promise.resolve()).then(async () => {
        for (const ready of await recount([event])) write(eventText(ready));
      });
      queue = next;
      void next.finally(() => {
        if (queue === next) queue = undefined;
      });
    };
    const author = authorKey
      ? {
          id: liveAuthorId(authorKey),
          refresh() {
            queryContext.exit(() => listAuthorTags(app.db, authorKey)).then(
              (fresh) => {
                tags = fresh;
                liveEvents.retopic(stream, topicsWith(fresh));
              },
              (error: unknown) => request.log.warn({ err: error }, "could not list an author's tags for a stream"),
            );
          },
        }
      : undefined;
    const stream: LiveStream = {
      topics,
      // Counted per IPv4 address or IPv6 /64 (plugins/client-ip.ts limitKey).
      ipHash: request.limitKey,
      session,
      author,
      deliver(event) {
        if (pending) pending.push(event);
        else send(event);
      },
      // Not before the head: a write would send default headers, the head's writeHead would
      // then throw, and the stream would stay admitted with its events held in `pending`.
      heartbeat: () => {
        if (!pending) write(':\n\n');
      },
      // Before the head, the route ends it once the head is written (below).
      end: () => {
        ended = true;
        remove();
        if (!pending) raw.end();
      },
    };
    const admitted = liveEvents.admit(stream);
    if (!admitted) throw new HttpError(429, TOO_MANY_STREAMS);
    remove = admitted;
    raw.once('close', remove);
    let since: Awaited<ReturnType<typeof eventsSince>>;
    try {
      // `since`: a page's first stream resumes after the event its data was read at (an
      // EventSource cannot send Last-Event-ID before it has heard one); the header wins.
      const header = request.headers['last-event-id'];
      [since] = await Promise.all([
        eventsSince(app.db, topics, resumePoint(header !== undefined && header !== '' ? header : resumeAfter)),
        // A session that ended between its look-up and the admission above sent its end
        // before this stream could hear it; admitted first, a later end reaches it.
        session && liveSessions(app.db, [session.id]).then((live) => live.has(session.id) || stream.end()),
      ]);
      // A replayed `notification` says the count as it is now.
      if (!since.reset) since = { ...since, events: await recount(since.events) };
    } catch (error) {
      remove();
      throw error;
    }
    if (raw.destroyed) return reply.hijack();

    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    if (ended) {
      // Nothing of the session's goes out; the client reconnects after `retry`, as who it is then.
      raw.end(`retry: ${RETRY_MS}\n\n`);
      return reply;
    }
    // The first id lets a client that heard nothing yet resume from here (an id line alone dispatches nothing).
    let head = `retry: ${RETRY_MS}\n`;
    if (since.reset) head += `id: ${since.latestId}\nevent: reset\ndata: {}\n\n`;
    else if (since.events.length === 0) head += `id: ${since.latestId}\n\n`;
    else head += '\n' + since.events.map(eventText).join('');
    for (const event of since.events) sent.add(event.id);
    write(head);
    const heard = pending;
    pending = undefined;
    for (const event of heard) if (!sent.has(event.id)) send(event);
    return reply;
  });
}
