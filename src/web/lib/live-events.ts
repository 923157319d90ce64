import { useEffect, useRef, useState } from 'react';

/** What the server's event stream names (CONTRACT.md section 10); `reset`: events were missed, refetch everything watched. */
export type LiveEvent =
  | { type: 'post'; data: { threadId: number; postId: number } }
  | { type: 'thread'; data: { boardCode: string; threadId: number } }
  | { type: 'update'; data: { threadId: number } }
  | { type: 'notification'; data: { unread: number } }
  | { type: 'reset'; data: Record<string, never> };

/** What the page watches: a thread, a board, or neither (only the signed-in user's notifications). */
export interface LiveTopics {
  thread?: number | undefined;
  board?: string | undefined;
}

const EVENT_TYPES = ['post', 'thread', 'update', 'notification', 'reset'] as const;
/** Errors in a row (without an open between) after which the stream counts as failed and pages poll. */
const ERRORS_BEFORE_FALLBACK = 3;

type Listener = (event: LiveEvent) => void;
type StatusListener = (live: boolean) => void;

/**
 * The tab's one EventSource. A page opening another URL replaces it; the last page to
 * leave closes it. The browser reconnects by itself with `Last-Event-ID`, and the
 * server replays what was missed (or sends `reset`).
 */
let current: { url: string; source: EventSource; listeners: Set<Listener>; statuses: Set<StatusListener>; live: boolean } | undefined;

function open(url: string) {
  current?.source.close();
  const source = new EventSource(url);
  const entry = { url, source, listeners: new Set<Listener>(), statuses: new Set<StatusListener>(), live: false };
  let errors = 0;
  const setLive = (live: boolean) => {
    if (entry.live === live) return;
    entry.live = live;
    entry.statuses.forEach((status) => status(live));
  };
  source.onopen = () => {
    errors = 0;
    setLive(true);
  };
  source.onerror = () => {
    errors++;
    // CLOSED: the server refused the stream (404, 429, 5xx); the browser will not retry.
    if (source.readyState === EventSource.CLOSED || errors >= ERRORS_BEFORE_FALLBACK) setLive(false);
  };
  for (const type of EVENT_TYPES) {
    source.addEventListener(type, (message) => {
      const data = JSON.parse((message as MessageEvent<string>).data) as LiveEvent['data'];
      entry.listeners.forEach((listener) => listener({ type, data } as LiveEvent));
    });
  }
  current = entry;
  return entry;
}

/**
 * Opens (or shares) the tab's event stream for these topics while `enabled`, calls
 * `onEvent` for each event, and answers whether the stream is live: pages poll only
 * when it is not (failed, or not yet open).
 */
export function useLiveEvents(topics: LiveTopics, onEvent: Listener, enabled = true): boolean {
  const [live, setLive] = useState(false);
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  const params = new URLSearchParams();
  if (topics.thread !== undefined) params.set('thread', String(topics.thread));
  if (topics.board !== undefined) params.set('board', topics.board);
  const query = params.toString();
  const url = `/api/events${query ? `?${query}` : ''}`;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const entry = current?.url === url && current.source.readyState !== EventSource.CLOSED ? current : open(url);
    const listener: Listener = (event) => handler.current(event);
    entry.listeners.add(listener);
    entry.statuses.add(setLive);
    // A stream another component already opened may be live: say so after this render.
    if (entry.live) queueMicrotask(() => setLive(entry.live));
    return () => {
      entry.listeners.delete(listener);
      entry.statuses.delete(setLive);
      setLive(false);
      if (entry.listeners.size === 0) {
        entry.source.close();
        if (current === entry) current = undefined;
      }
    };
  }, [url, enabled]);
  return enabled && live;
}
