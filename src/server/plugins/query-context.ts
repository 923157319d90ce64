import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { queryContext, RequestQueries } from '../db/client.js';

/**
 * Ties the queries a read runs to its connection: when the client goes away before
 * the answer, its running queries are cancelled (see db/cancellable-pool.ts). Entered in
 * preHandler, after the body is read, so the context reaches the handler. The client
 * is watched from the first query only: most requests that run none (health checks,
 * static files) then pay for nothing but the context itself.
 *
 * Reads only. A write the server has started runs to its end and announces itself
 * (events, unread counts) whoever is still listening: cutting it could land after
 * its commit, leaving a saved reply whose announcements never ran (docs/decisions/005).
 */
export const queryContextPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      done();
      return;
    }
    const queries = new RequestQueries((watched) => {
      const response = reply.raw;
      if (response.destroyed && !response.writableFinished) watched.abort();
      else
        response.once('close', () => {
          if (!response.writableFinished) watched.abort();
        });
    });
    queryContext.run(queries, done);
  });
});
