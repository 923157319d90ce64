import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches, etagOf } from '../../lib/etag.js';
import { USER_NOT_FOUND } from '../../lib/messages.js';
import { parseId } from '../../lib/params.js';
import type { AtomFeed } from './service.js';

/**
 * Atom feeds (CONTRACT.md section 11), the same for everyone: an ETag, and
 * revalidation on every read (`no-cache`), so a feed reader polling an unchanged
 * feed gets a 304 without a body.
 */
export async function feedRoutes(app: FastifyInstance) {
  const { feeds } = app.services;
  const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

  function send(request: FastifyRequest, reply: FastifyReply, feed: AtomFeed) {
    const etag = etagOf(feed.xml);
    reply.header('etag', etag).header('cache-control', 'no-cache');
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && etagMatches(ifNoneMatch, etag)) return reply.code(304).send();
    return reply.type('application/atom+xml; charset=utf-8').send(feed.xml);
  }

  app.get('/feeds/recent.atom', async (request, reply) => send(request, reply, await feeds.recent(originOf(request))));

  app.get<{ Params: { code: string } }>('/feeds/boards/:code.atom', async (request, reply) => send(request, reply, await feeds.board(originOf(request), request.params.code)));

  app.get<{ Params: { id: string } }>('/feeds/users/:id.atom', async (request, reply) =>
    send(request, reply, await feeds.user(originOf(request), parseId(request.params.id, USER_NOT_FOUND))),
  );
}
