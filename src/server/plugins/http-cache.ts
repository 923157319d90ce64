import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { etagMatches as matches, etagOf } from '../lib/etag.js';
import { isApiRoute } from './session.js';

/**
 * Anonymous reads are the same for every visitor, so they carry an ETag and
 * `no-cache`: the browser keeps the copy and revalidates it, and an unchanged page
 * answers 304 with no body. Signed-in reads hold per-viewer fields (own vote, own
 * posts, premium access) and are left to `private, no-store`; so is anything that
 * is not a plain 200, since errors must never be replayed from a cache.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** Revalidation by a version the route reads cheaply, instead of by building the answer. */
    versionedCache: VersionedCache;
  }
}

/** Versions remembered per instance; the oldest go first. */
const KNOWN_VERSIONS = 10_000;

export interface VersionedCache {
  /**
   * For a visitor's conditional GET: when the ETag last sent for this version of the
   * resource is the one the client holds, answers 304 here (call `reply.send()`); else
   * remembers the key, so the answer's ETag is kept for it.
   */
  notModified(request: FastifyRequest, reply: FastifyReply, key: string): boolean;
  /** Visitors' conditional GETs answered 304 by version (hits), and the rest (misses), since start (for the metrics). */
  readonly counts: { readonly hits: number; readonly misses: number };
}

export const httpCachePlugin = fp(async (app: FastifyInstance) => {
  // Version key -> the ETag of an answer built at (or after) that version. A key is only
  // ever paired with a body read once its version was current, so a client holding that
  // ETag while the version is unchanged holds the current answer.
  const known = new Map<string, string>();
  const keyOf = new WeakMap<FastifyRequest, string>();
  const counts = { hits: 0, misses: 0 };
  app.decorate('versionedCache', {
    counts,
    notModified(request, reply, key) {
      if (request.user) return false;
      const etag = known.get(key);
      const ifNoneMatch = request.headers['if-none-match'];
      if (etag && ifNoneMatch && matches(ifNoneMatch, etag)) {
        reply.code(304).header('etag', etag).header('cache-control', 'no-cache').header('vary', 'Cookie');
        counts.hits++;
        return true;
      }
      counts.misses++;
      keyOf.set(request, key);
      return false;
    },
  } satisfies VersionedCache);

  // A callback hook: an async one costs every response a promise, the health check included.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!isApiRoute(request) || (request.method !== 'GET' && request.method !== 'HEAD')) return done(null, payload);
    if (reply.statusCode === 304 && reply.hasHeader('etag')) return done(null, payload);
    if (request.user || reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
      return done(null, payload);
    }
    // A route that keeps its answers keeps their ETag too (threads/visitor-pages.ts).
    const preset = reply.getHeader('etag');
    const etag = typeof preset === 'string' ? preset : etagOf(payload);
    reply.header('etag', etag);
    const key = keyOf.get(request);
    if (key !== undefined) {
      known.delete(key);
      known.set(key, etag);
      if (known.size > KNOWN_VERSIONS) known.delete(known.keys().next().value!);
    }
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
    // A cache keyed by URL alone must not hand an anonymous copy to a signed-in viewer
    // (a route that sends its own encodings has said so already).
    if (!reply.hasHeader('vary')) reply.header('vary', 'Cookie');
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && matches(ifNoneMatch, etag)) {
      reply.code(304);
      reply.removeHeader('content-type');
      reply.removeHeader('content-length');
      return done(null, '');
    }
    done(null, payload);
  });
});
