import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { queryContext, type QueryContext } from '../db/client.js';

/**
 * Ties the queries a request runs to its connection: when the client goes away before
 * the answer, its running queries are cancelled (see db/client.ts). Entered in
 * preHandler, after the body is read, so the context reaches the handler. The abort
 * signal is made on the first query only: most requests that run none (health checks,
 * static files) then pay for nothing but the context itself.
 */
export const queryContextPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', (request, reply, done) => {
    let controller: AbortController | undefined;
    const context: QueryContext = {
      signal() {
        if (!controller) {
          const made = new AbortController();
          controller = made;
          if (reply.raw.destroyed && !reply.raw.writableFinished) made.abort();
          else
            reply.raw.once('close', () => {
              if (!reply.raw.writableFinished) made.abort();
            });
        }
        return controller.signal;
      },
    };
    queryContext.run(context, done);
  });
});
