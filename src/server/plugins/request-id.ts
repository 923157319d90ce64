import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What a proxy's id may look like to be kept: short, printable, nothing to inject into a log. */
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Each request's id (CONTRACT.md section 9): the incoming `X-Request-Id` when a trusted
 * proxy set it and it is well formed, so one id follows a request through the proxy's
 * and the app's logs; otherwise a new UUID, unique across instances (Fastify's default
 * counter restarts at 1 in every process).
 */
export function requestIdGenerator(trustProxy: unknown): (request: IncomingMessage) => string {
  const trusted = trustProxy !== undefined && trustProxy !== false;
  return (request) => {
    const incoming = request.headers['x-request-id'];
    return trusted && typeof incoming === 'string' && WELL_FORMED.test(incoming) ? incoming : randomUUID();
  };
}

/** Every response names its request's id, the same one its log lines carry (`reqId`). */
export const requestIdPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook: an async one costs every response a promise.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
});
