import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches, etagOf } from '../../lib/etag.js';
import { keepWithOrigin, siteOrigin, type SiteOrigin } from '../../lib/site-origin.js';
import { USER_NOT_FOUND } from '../../lib/messages.js';
import { parseId } from '../../lib/params.js';
import type { AtomFeed } from './service.js';

/**
 * Atom feeds (CONTRACT.md section 11), the same for everyone: an ETag, and
 * revalidation on every read (`no-cache`), so a feed reader polling an unchanged
 * feed gets a 304 without a body. Its URLs are absolute: on PUBLIC_URL a shared cache may keep
 * it; on the request's own origin only the reader's own (lib/site-origin.ts).
 */
export async function feedRoutes(app: FastifyInstance) {
  const { feeds } = app.services;
  function send(request: FastifyRequest, reply: FastifyReply, origin: SiteOrigin, feed: AtomFeed) {
    const etag = etagOf(feed.xml);
    keepWithOrigin(request, reply, origin, 'no-cache').header('etag', etag);
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && etagMatches(ifNoneMatch, etag)) return reply.code(304).send();
    return reply.type('application/atom+xml; charset=utf-8').send(feed.xml);
  }

  app.get('/feeds/recent.atom', async (request, reply) => {
    const origin = siteOrigin(request);
    return send(request, reply, origin, await feeds.recent(origin.href));
  });

  app.get<{ Params: { code: string } }>('/feeds/boards/:code.atom', async (request, reply) => {
    const origin = siteOrigin(request);
    return send(request, reply, origin, await feeds.board(origin.href, request.params.code));
  });

  app.get<{ Params: { id: string } }>('/feeds/users/:id.atom', async (request, reply) => {
    const origin = siteOrigin(request);
    return send(request, reply, origin, await feeds.user(origin.href, parseId(request.params.id, USER_NOT_FOUND)));
  });
}
