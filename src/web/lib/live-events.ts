import { useEffect, useRef, useState } from 'react';

/** What the server's event stream names (CONTRACT.md section 10); `reset`: events were missed, refetch everything watched. */
export type LiveEvent =
  | { type: 'post'; data: { threadId: number; postId: number } }
  | { type: 'thread'; data: { boardCode: string; threadId: number } }
  | { type: 'update'; data: { threadId: number } }
  | { type: 'notification'; data: { unread: number } }
  | { type: 'reset'; data: Record<string, never> };

/**
 * What one part of the page watches: a thread, a board, and/or (`user`, the signed-in
 * user's id) their own notifications, which the server adds to any signed-in stream.
 */
export interface LiveTopics {
  thread?: number | undefined;
  board?: string | undefined;
  user?: number | undefined;
}

const EVENT_TYPES = ['post', 'thread', 'update', 'notification', 'reset'] as const;
/** Errors in a row (without an open between) after which the stream counts as failed and pages poll. */
const ERRORS_BEFORE_FALLBACK = 3;

type Listener = (event: LiveEvent) => void;
type StatusListener = (live: boolean) => void;

interface Subscription {
  topics: LiveTopics;
  listener: Listener;
  status: StatusListener;
}

/**
 * The tab's one EventSource, opened for what every mounted part watches together (the
 * page's thread or board, and the header's notifications): the server allows a few
 * streams per visitor, so parts share one rather than each opening theirs. When what
 * is watched changes (another page, a sign-in), it is replaced; the last part to leave
 * closes it. The browser reconnects by itself with `Last-Event-ID`, and the server
 * replays what was missed (or sends `reset`).
 */
const subscriptions = new Set<Subscription>();
let current: { key: string; source: EventSource; live: boolean } | undefined;
/** The event a server-rendered page's data was read at: the tab's first stream resumes after it. */
let resumeAfter: number | undefined;

/**
 * Makes the tab's first stream start after this event (`since`), not at the newest: what
 * happened while the page travelled and hydrated (a reply, a vote) is replayed, not lost.
 */
export function resumeEventsAfter(eventId: number) {
  resumeAfter = eventId;
}
let reconciling = false;

const tellStatus = () => subscriptions.forEach((subscription) => subscription.status(current?.live ?? false));

/** The stream URL for everything watched, and a key that also changes with the signed-in user. */
function wanted(): { url: string; key: string } | undefined {
  if (subscriptions.size === 0) return undefined;
  const params = new URLSearchParams();
  let user: number | undefined;
  for (const { topics } of subscriptions) {
    if (topics.thread !== undefined) params.set('thread', String(topics.thread));
    if (topics.board !== undefined) params.set('board', topics.board);
    user ??= topics.user;
  }
  const query = params.toString();
  const url = `/api/events${query ? `?${query}` : ''}`;
  // The session decides whose notifications a stream carries: a new user needs a new stream.
  return { url, key: `${url}#${user ?? ''}` };
}

/**
 * `replacing`: this stream takes over from one that was live. A new EventSource starts
 * from the newest event, so what came between is lost: once open, it tells every part
 * `reset`, and they refetch what they watch.
 */
function open(url: string, key: string, replacing: boolean) {
  const since = resumeAfter === undefined ? '' : `${url.includes('?') ? '&' : '?'}since=${resumeAfter}`;
  resumeAfter = undefined;
  const source = new EventSource(`${url}${since}`);
  const entry = { key, source, live: false };
  let errors = 0;
  const setLive = (live: boolean) => {
    if (entry.live === live) return;
    entry.live = live;
    if (current === entry) tellStatus();
  };
  let resetOwed = replacing;
  source.onopen = () => {
    errors = 0;
    setLive(true);
    if (resetOwed && current === entry) {
      resetOwed = false;
      subscriptions.forEach((subscription) => subscription.listener({ type: 'reset', data: {} }));
    }
  };
  source.onerror = () => {
    errors++;
    // CLOSED: the server refused the stream (404, 429, 5xx); the browser will not retry.
    if (source.readyState === EventSource.CLOSED || errors >= ERRORS_BEFORE_FALLBACK) setLive(false);
  };
  for (const type of EVENT_TYPES) {
    source.addEventListener(type, (message) => {
      if (current !== entry) return;
      const data = JSON.parse((message as MessageEvent<string>).data) as LiveEvent['data'];
      subscriptions.forEach((subscription) => subscription.listener({ type, data } as LiveEvent));
    });
  }
  return entry;
}

/**
 * Opens, keeps or replaces the stream for what is watched now. Deferred to a microtask,
 * so one page leaving and the next arriving (in one commit) open one stream, not two.
 */
function reconcile() {
  if (reconciling) return;
  reconciling = true;
  queueMicrotask(() => {
    reconciling = false;
    const next = wanted();
    const keep = next !== undefined && current?.key === next.key && current.source.readyState !== EventSource.CLOSED;
    if (!keep) {
      const replacing = current?.live ?? false;
      current?.source.close();
      current = next ? open(next.url, next.key, replacing) : undefined;
    }
    tellStatus();
  });
}

/**
 * Watches these topics on the tab's event stream while `enabled`, calls `onEvent` for
 * each event of the stream, and answers whether the stream is live: parts poll only
 * when it is not (failed, or not yet open).
 */
export function useLiveEvents(topics: LiveTopics, onEvent: Listener, enabled = true): boolean {
  const [live, setLive] = useState(false);
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  const { thread, board, user } = topics;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const subscription: Subscription = { topics: { thread, board, user }, listener: (event) => handler.current(event), status: setLive };
    subscriptions.add(subscription);
    reconcile();
    return () => {
      subscriptions.delete(subscription);
      setLive(false);
      reconcile();
    };
  }, [thread, board, user, enabled]);
  return enabled && live;
}
