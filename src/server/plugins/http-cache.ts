import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { etagMatches as matches, etagOf } from '../lib/etag.js';

/**
 * Anonymous reads are the same for every visitor, so they carry an ETag and
 * `no-cache`: the browser keeps the copy and revalidates it, and an unchanged page
 * answers 304 with no body. Signed-in reads hold per-viewer fields (own vote, own
 * posts, premium access) and are left to `private, no-store`; so is anything that
 * is not a plain 200, since errors must never be replayed from a cache.
 */
export const httpCachePlugin = fp(async (app: FastifyInstance) => {
  // A callback hook: an async one costs every response a promise, the health check included.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) return done(null, payload);
    if (request.user || reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
      return done(null, payload);
    }
    const etag = etagOf(payload);
    reply.header('etag', etag);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
    // A cache keyed by URL alone must not hand an anonymous copy to a signed-in viewer.
    reply.header('vary', 'Cookie');
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
