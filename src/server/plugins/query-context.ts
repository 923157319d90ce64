import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { queryContext } from '../db/client.js';

/**
 * Ties the queries a request runs to its connection: when the client goes away before
 * the answer, its running queries are cancelled (see db/client.ts). Entered in
 * preHandler, after the body is read, so the context reaches the handler.
 */
export const queryContextPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', (request, reply, done) => {
    const controller = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    queryContext.run({ signal: controller.signal }, done);
  });
});
