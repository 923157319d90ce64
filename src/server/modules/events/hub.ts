import pg from 'pg';
import { LIVE_HEARTBEAT_MS, LIVE_STREAMS_PER_IP } from '../../../shared/constants.js';
import { type Db, queryContext } from '../../db/client.js';
import { isAuthoredAnnouncement, type AuthoredAnnouncement } from './authors.js';
import { eventsAfter, latestEventId, userTopic, type LoggedEvent } from './log.js';
import { EVENTS_CHANNEL, isSessionEnd, liveSessions, type SessionEnd } from './session-ends.js';

/** One open event stream, as the hub sees it. */
export interface LiveStream {
  readonly topics: readonly string[];
  readonly ipHash: string;
  /** The session a signed-in stream was opened with: the stream ends with it (session-ends.ts). */
  readonly session?: { readonly id: string; readonly userId: number } | undefined;
  /**
   * A signed-in stream's author (authors.ts): `id` is the key's liveAuthorId, and
   * `refresh` lists the author's tags again and watches their topics (retopic).
   */
  readonly author?: { readonly id: string; refresh(): void } | undefined;
  deliver(event: LoggedEvent): void;
  heartbeat(): void;
  /** The stream has to go: the server stops, its session ended, or the listener lost events it cannot replay. */
  end(): void;
}

export interface LiveEventsLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

export interface LiveEventsOptions {
  /** How often every open stream gets a comment line (CONTRACT.md section 10: 25 s). */
  heartbeatMs?: number;
  streamsPerIp?: number;
  /** Told, for each event heard as it was written, how many seconds it took to reach this instance's streams (modules/metrics). */
  onDelivered?: ((seconds: number) => void) | undefined;
}

/** A reconnecting listener replays at most this many missed events; more, and its streams start over. */
const CATCH_UP_LIMIT = 1000;
/** Ids already handed out, remembered so a catch-up and a late notification do not deliver one twice. */
const RECENT_IDS = 4096;
const MAX_BACKOFF_MS = 5_000;

/**
 * The instance's side of live updates: one LISTEN connection (a pg.Client of its own,
 * not a pool client), opened with the first stream, and the in-process fan-out of what it
 * hears to the open streams by topic. A lost connection is made again with backoff, and
 * what was logged meanwhile is read back from the event log by the last id heard.
 */
export function createLiveEvents({ db, connectionString, log, options = {} }: { db: Db; connectionString: string; log: LiveEventsLog; options?: LiveEventsOptions }) {
  const heartbeatMs = options.heartbeatMs ?? LIVE_HEARTBEAT_MS;
  const streamsPerIp = options.streamsPerIp ?? LIVE_STREAMS_PER_IP;
  const byTopic = new Map<string, Set<LiveStream>>();
  /** Each admitted stream's topics now (a signed-in stream's change with its author's tags). */
  const streams = new Map<LiveStream, readonly string[]>();
  const byAuthor = new Map<string, Set<LiveStream>>();
  const perIp = new Map<string, number>();
  const recent = new Set<number>();
  let listener: pg.Client | undefined;
  let listening: Promise<void> | undefined;
  let lastSeen: number | undefined;
  let failures = 0;
  let closed = false;
  let heartbeat: NodeJS.Timeout | undefined;
  let reconnect: NodeJS.Timeout | undefined;

  function beat() {
    for (const stream of streams.keys()) stream.heartbeat();
  }

  function endStreams() {
    for (const stream of [...streams.keys()]) stream.end();
  }

  function watch(stream: LiveStream, topics: readonly string[]) {
    for (const topic of topics) {
      let watchers = byTopic.get(topic);
      if (!watchers) byTopic.set(topic, (watchers = new Set()));
      watchers.add(stream);
    }
  }

  function unwatch(stream: LiveStream, topics: readonly string[]) {
    for (const topic of topics) {
      const watchers = byTopic.get(topic);
      watchers?.delete(stream);
      if (watchers?.size === 0) byTopic.delete(topic);
    }
  }

  /** An author wrote in a thread new to them: their streams here watch its tag too. */
  function authored({ authored: id }: AuthoredAnnouncement) {
    for (const stream of byAuthor.get(id) ?? []) stream.author?.refresh();
  }

  function dispatch(event: LoggedEvent) {
    if (recent.has(event.id)) return;
    recent.add(event.id);
    if (recent.size > RECENT_IDS) recent.delete(recent.values().next().value!);
    lastSeen = Math.max(lastSeen ?? 0, event.id);
    for (const stream of byTopic.get(event.topic) ?? []) stream.deliver(event);
    // `at` is the writer's clock when the row was written (the NOTIFY's, migration job_runs_and_event_time);
    // a replayed event has none and is not a delivery lag.
    if (options.onDelivered && event.at !== undefined) options.onDelivered((Date.now() - event.at) / 1000);
  }

  /** Ends the streams opened with a session that just ended, wherever it was ended. */
  function endSession({ end }: SessionEnd) {
    for (const stream of [...(byTopic.get(userTopic(end.userId)) ?? [])]) if (stream.session?.id === end.session) stream.end();
  }

  /**
   * Ends the signed-in streams whose session is gone: a session's end is a notification,
   * not a logged event, so one that came while the listener was away cannot be replayed.
   */
  async function endStreamsOfEndedSessions() {
    const signedIn = [...streams.keys()].filter((stream) => stream.session);
    const live = await liveSessions(db, [...new Set(signedIn.map((stream) => stream.session!.id))]);
    for (const stream of signedIn) if (!live.has(stream.session!.id)) stream.end();
  }

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString, keepAlive: true, application_name: 'hushboard-events', connectionTimeoutMillis: 5_000 });
    let dropped = false;
    const drop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      if (error) log.warn({ err: error }, 'live events listener lost its connection');
      if (listener === client) listener = undefined;
      client.end().catch(() => undefined);
      if (!closed && listening) scheduleReconnect();
    };
    client.on('notification', (message) => {
      if (message.channel !== EVENTS_CHANNEL || !message.payload) return;
      const payload = JSON.parse(message.payload) as LoggedEvent | SessionEnd;
      if (isSessionEnd(payload)) endSession(payload);
      else if (isAuthoredAnnouncement(payload)) authored(payload);
      else dispatch(payload);
    });
    client.on('error', drop);
    client.on('end', () => drop());
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      dropped = true;
      client.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await client.end();
      return;
    }
    listener = client;
    if (lastSeen === undefined) {
      lastSeen = Math.max(lastSeen ?? 0, await latestEventId(db));
      return;
    }
    // Back after a drop: sessions that ended meanwhile, authors' tags that may have come
    // meanwhile (an announcement is not logged either), then whatever was logged, by the last id heard.
    await endStreamsOfEndedSessions();
    for (const stream of streams.keys()) stream.author?.refresh();
    const missed = await eventsAfter(db, lastSeen, CATCH_UP_LIMIT);
    if (missed.length === CATCH_UP_LIMIT) {
      // Too much to replay: the streams reconnect and resume (or reset) on their own.
      log.warn({ missed: missed.length }, 'live events listener missed too much; closing the streams');
      endStreams();
      lastSeen = await latestEventId(db);
      return;
    }
    for (const event of missed) dispatch(event);
  }

  function scheduleReconnect() {
    clearTimeout(reconnect);
    const delay = Math.min(MAX_BACKOFF_MS, 250 * 2 ** failures);
    reconnect = setTimeout(() => {
      connect().then(
        () => {
          failures = 0;
        },
        (error: unknown) => {
          failures++;
          log.warn({ err: error, failures }, 'live events listener could not reconnect');
          if (!closed) scheduleReconnect();
        },
      );
    }, delay);
    reconnect.unref();
  }

  return {
    /**
     * Resolves once this instance listens. The first stream starts the listener, outside
     * its request's query context, so the request leaving does not cancel the listener's
     * later queries.
     */
    ensureListening(): Promise<void> {
      if (closed) return Promise.reject(new Error('live events are closed'));
      listening ??= queryContext.exit(() => connect()).catch((error: unknown) => {
        listening = undefined;
        throw error;
      });
      return listening;
    },

    /** Admits a stream unless its IP hash has too many open; the returned function removes it. */
    admit(stream: LiveStream): (() => void) | undefined {
      const open = perIp.get(stream.ipHash) ?? 0;
      if (open >= streamsPerIp || closed) return undefined;
      perIp.set(stream.ipHash, open + 1);
      streams.set(stream, stream.topics);
      watch(stream, stream.topics);
      if (stream.author) {
        let same = byAuthor.get(stream.author.id);
        if (!same) byAuthor.set(stream.author.id, (same = new Set()));
        same.add(stream);
      }
      heartbeat ??= queryContext.exit(() => setInterval(beat, heartbeatMs).unref());
      let removed = false;
      return () => {
        if (removed) return;
        removed = true;
        unwatch(stream, streams.get(stream) ?? []);
        streams.delete(stream);
        const left = (perIp.get(stream.ipHash) ?? 1) - 1;
        if (left > 0) perIp.set(stream.ipHash, left);
        else perIp.delete(stream.ipHash);
        if (stream.author) {
          const same = byAuthor.get(stream.author.id);
          same?.delete(stream);
          if (same?.size === 0) byAuthor.delete(stream.author.id);
        }
      };
    },

    /** Changes what an admitted stream watches (a signed-in stream's tags); nothing for one removed. */
    retopic(stream: LiveStream, topics: readonly string[]) {
      const before = streams.get(stream);
      if (!before) return;
      const now = new Set(topics);
      unwatch(stream, before.filter((topic) => !now.has(topic)));
      watch(stream, topics);
      streams.set(stream, [...now]);
    },

    /** A comment line on every open stream. */
    heartbeat: beat,

    /** How many streams are open (for tests and the benchmark). */
    get openStreams() {
      return streams.size;
    },

    /** Ends every stream, so a stopping server's drain is not held by them. */
    endStreams,

    /** Stops listening and ends every stream. */
    async close(): Promise<void> {
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(reconnect);
      endStreams();
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}

export type LiveEvents = ReturnType<typeof createLiveEvents>;
