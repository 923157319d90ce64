import type { Server } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Metrics } from './registry.js';
import type { RouteFigures } from './route-timings.js';
import { closeMetricsListener, listenForMetrics } from './listener.js';
import { bearerMatches } from './token.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's figures; undefined when neither METRICS_TOKEN nor METRICS_PORT is set (nothing is counted then). */
    metrics: Metrics | undefined;
    /** The METRICS_PORT listener, when that is set (listener.ts). */
    metricsListener: Server | undefined;
  }
}

/** The label of what the web app's handler answered (server-rendered pages), and of everything else no route matched. */
export const PAGES_ROUTE = '(pages)';
export const UNMATCHED_ROUTE = '(unmatched)';

/** Methods an unmatched request is counted under; anything else (an unusual method) counts as OTHER. */
const KNOWN_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

const arrayOf = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * GET /metrics and the per-request figures (CONTRACT.md sections 1 and 18). Register it
 * before the routes: it gives each route, as it is registered, an onResponse hook holding
 * that route's figures, so a request adds to numbers it already has (route-timings.ts).
 * Requests no route matched (the web app's pages, unknown paths) are counted under two
 * fixed labels, never by their URL.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, { metrics }: { metrics: Metrics | undefined }) => {
  app.decorate('metrics', metrics);
  const { token, port } = app.config.metrics;
  let listener: Server | undefined;
  if (metrics && port !== undefined) {
    listener = await listenForMetrics(metrics, port).catch((error: unknown) => {
      throw new Error(`METRICS_PORT=${port}: cannot listen on 127.0.0.1:${port} (${error instanceof Error ? error.message : String(error)})`);
    });
    const server = listener;
    app.addHook('onClose', async () => closeMetricsListener(server));
  }
  app.decorate('metricsListener', listener);

  if (metrics) {
    const { routes } = metrics;
    app.addHook('onRoute', (route) => {
      const byMethod: Record<string, RouteFigures> = {};
      for (const method of arrayOf(route.method)) byMethod[method] = routes.forRoute(method, route.url ?? route.path);
      const hook: onResponseHookHandler = (request, reply, done) => {
        (byMethod[request.method] ??= routes.forRoute(request.method, route.url ?? route.path)).record(reply.statusCode, reply.elapsedTime);
        done();
      };
      route.onResponse = [...arrayOf(route.onResponse), hook];
    });
    const pages: Record<string, RouteFigures> = {};
    const unmatched: Record<string, RouteFigures> = {};
    for (const method of [...KNOWN_METHODS, 'OTHER']) {
      pages[method] = routes.forRoute(method, PAGES_ROUTE);
      unmatched[method] = routes.forRoute(method, UNMATCHED_ROUTE);
    }
    // Every response passes here; only the not-found handler's are counted (a route's own hook counted the rest).
    app.addHook('onResponse', (request, reply, done) => {
      if (request.is404) {
        const code = reply.statusCode;
        const byMethod = (request.method === 'GET' || request.method === 'HEAD') && code < 400 ? pages : unmatched;
        (byMethod[request.method] ?? byMethod.OTHER!).record(code, reply.elapsedTime);
      }
      done();
    });
  }

  // Always registered, so a scrape with metrics off gets exactly what any unknown path gets.
  app.get('/metrics', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!metrics || token === undefined) return reply.callNotFound();
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').header('cache-control', 'no-store').send({ message: 'Unauthorized' });
    }
    const text = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
});
