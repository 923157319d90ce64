import type { FastifyReply, FastifyRequest } from 'fastify';
import { VISITOR_PAGE_CACHE_BYTES } from '../../../shared/constants.js';
import { COMPRESS_FROM_BYTES, type ContentEncoding, encode, encodingFor } from '../../lib/content-encoding.js';
import { etagMatches, etagOf } from '../../lib/etag.js';
import type { PgChannels } from '../../lib/pg-channels.js';

/** The channel the threads' trigger notifies with a thread's id (migration 0008_thread_change_notify). */
export const THREAD_CHANGED_CHANNEL = 'hushboard_thread_changed';
/** The channel the boards' trigger notifies with a board's code when its list or itself changed (0010_board_change_notify). */
export const BOARD_CHANGED_CHANNEL = 'hushboard_board_changed';

/** A thread page as every visitor gets it. */
export interface VisitorPage {
  body: string;
  /** The body's ETag, unless the page names its own (a server-rendered page's covers its data, not its HTML). */
  etag: string;
  /** Headers that go with this body (a rendered page's Content-Security-Policy names its nonce). */
  headers?: Record<string, string>;
  /** A page read but not kept may be another status than 200 (a gone thread's page: 404). */
  status?: number;
  /** When the page goes stale with no write to announce it (a poll's closing time, epoch ms). */
  until?: number;
}

/** What a read of a visitors' page gives: the page, and whether it may be kept (a 404 page is not). */
export interface VisitorPageRead extends Omit<VisitorPage, 'etag'> {
  etag?: string;
  keep?: boolean;
}

interface Entry extends VisitorPage {
  /** What the page shows, as its change is announced: `thread:<id>`, `board:<code>`. */
  tag: string;
}

/**
 * The thread pages visitors read, kept per instance until the thread changes. Every
 * visitor sees the same page (no per-viewer field: no own vote, no premium access), so N
 * visitors reading a thread, or refetching it on a live event, cost one read of it per
 * change rather than N: the readers-per-instance goal of the many-instances issue.
 *
 * A page stays only while the instance listens to THREAD_CHANGED_CHANNEL (lib/pg-channels.ts),
 * where every commit that moves a thread's version is announced, from whichever instance.
 * Three rules keep a stale page from being served:
 * - not listening (not yet, or the connection lost): nothing is kept or served from here;
 * - a page read while its thread changed, or while the listener reset, is not kept;
 * - a write answered by this instance empties the cache before its response goes out
 *   (`forgetAll`), so whoever wrote reads their write here even before its notification
 *   arrives; other instances are a notification's delay (milliseconds) behind.
 * Variants are a page's forms (the JSON page after a post id, the server-rendered HTML).
 */
export function createVisitorPages(channels: PgChannels, maxBytes = VISITOR_PAGE_CACHE_BYTES) {
  // Insertion order is recency: a hit moves its entry to the end, the oldest go first.
  const pages = new Map<string, Entry>();
  const keysOf = new Map<string, Set<string>>();
  let bytes = 0;
  // Reads in flight, by key; a change to their thread (or a reset) marks them unfit to keep.
  const loading = new Map<string, { tag: string; page: Promise<VisitorPage>; stale: boolean }>();
  // Read by the metrics at scrape time (modules/metrics): two numbers, no work per request.
  const counts = { hits: 0, misses: 0 };

  function drop(key: string) {
    const entry = pages.get(key);
    if (!entry) return;
    pages.delete(key);
    bytes -= entry.body.length;
    const keys = keysOf.get(entry.tag);
    keys?.delete(key);
    if (keys?.size === 0) keysOf.delete(entry.tag);
  }

  function forget(tag: string) {
    for (const key of [...(keysOf.get(tag) ?? [])]) drop(key);
    for (const load of loading.values()) if (load.tag === tag) load.stale = true;
  }

  function forgetAll() {
    pages.clear();
    keysOf.clear();
    bytes = 0;
    for (const load of loading.values()) load.stale = true;
  }

  function keep(key: string, entry: Entry) {
    // A page larger than a tenth of the budget would push out too much to be worth it.
    if (entry.body.length > maxBytes / 10) return;
    drop(key);
    pages.set(key, entry);
    bytes += entry.body.length;
    let keys = keysOf.get(entry.tag);
    if (!keys) keysOf.set(entry.tag, (keys = new Set()));
    keys.add(key);
    while (bytes > maxBytes) drop(pages.keys().next().value!);
  }

  channels.subscribe(THREAD_CHANGED_CHANNEL, {
    message(payload) {
      const threadId = Number(payload);
      if (Number.isSafeInteger(threadId)) forget(`thread:${threadId}`);
      else forgetAll();
    },
    reset: forgetAll,
  });
  channels.subscribe(BOARD_CHANGED_CHANNEL, {
    message: (code) => forget(`board:${code}`),
    reset: forgetAll,
  });

  return {
    /**
     * The visitors' page of a thread (`thread:<id>`) or a board (`board:<code>`) in one variant: kept, or read by `read` (one read for
     * all who ask at once) and kept when it may be. `read` throws as the route would (404).
     */
    async page(tag: string, variant: string, read: () => Promise<VisitorPageRead>): Promise<VisitorPage> {
      const key = `${tag}:${variant}`;
      let kept = pages.get(key);
      if (kept?.until !== undefined && kept.until <= Date.now()) {
        drop(key);
        kept = undefined;
      }
      if (kept && channels.listening) {
        counts.hits++;
        pages.delete(key);
        pages.set(key, kept);
        return kept;
      }
      counts.misses++;
      const inFlight = loading.get(key);
      if (inFlight) return inFlight.page;
      const load = { tag, stale: !channels.listening, page: undefined as unknown as Promise<VisitorPage> };
      load.page = (async () => {
        try {
          const { keep: keepable = true, ...answer } = await read();
          const page: VisitorPage = { ...answer, etag: answer.etag ?? etagOf(answer.body) };
          if (keepable && !load.stale && channels.listening) keep(key, { ...page, tag });
          return page;
        } finally {
          loading.delete(key);
        }
      })();
      loading.set(key, load);
      return load.page;
    },

    /** Empties the cache: a write on this instance may have changed any thread. */
    forgetAll,

    /** Lookups answered from a kept page, and the rest, since start (for the metrics). */
    counts: counts as Readonly<typeof counts>,

    /** Pages kept and their bytes, for tests and the benchmark. */
    get size() {
      return { pages: pages.size, bytes };
    },
  };
}

export type VisitorPages = ReturnType<typeof createVisitorPages>;

/**
 * Answers a visitor with a kept page: its ETag (http-cache.ts keeps a route's own), and
 * 304 when the client holds it already.
 */
export async function sendVisitorPage(request: FastifyRequest, reply: FastifyReply, page: VisitorPage, contentType: string) {
  reply.header('etag', page.etag).header('cache-control', 'no-cache').header('vary', 'Cookie, Accept-Encoding');
  // After the defaults: a page made on the request's own origin says it is kept by no shared cache (pages/html.ts).
  reply.headers(page.headers ?? {});
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && etagMatches(ifNoneMatch, page.etag)) return reply.code(304).send();
  reply.type(contentType);
  const encoding = page.body.length >= COMPRESS_FROM_BYTES ? encodingFor(request.headers['accept-encoding']) : null;
  // Encoded once per kept page (compressed off the event loop) and shared by whoever asks meanwhile:
  // a large page's UTF-8 alone cost more than the rest of its answer.
  const encoded = ((page as EncodedPage)[encodings] ??= {});
  if (!encoding) return reply.send((encoded.identity ??= Buffer.from(page.body)));
  const body = await (encoded[encoding] ??= encode(page.body, encoding));
  return reply.header('content-encoding', encoding).send(body);
}

const encodings = Symbol('encodings');
type EncodedPage = VisitorPage & { [encodings]?: Partial<Record<ContentEncoding, Promise<Buffer>>> & { identity?: Buffer } };
