import { createServer, type Server } from 'node:http';
import type { Metrics } from './registry.js';

/**
 * The METRICS_PORT listener (CONTRACT.md section 1): bound to loopback only, so whoever
 * reaches it is on the machine (a Prometheus agent beside the app); it asks for no token.
 * A plain Node server, apart from the app's: it answers GET /metrics and 404 to anything
 * else, and none of the app's routes, cookies or pages are reachable through it.
 */
export async function listenForMetrics(metrics: Metrics, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const path = request.url?.split('?')[0];
    if ((request.method !== 'GET' && request.method !== 'HEAD') || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' }).end(request.method === 'HEAD' ? undefined : text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable'),
    );
  });
  // A scraper's idle keep-alive connection must not hold a shutdown.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1' }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** Closes the listener, its idle connections at once. */
export async function closeMetricsListener(server: Server): Promise<void> {
  server.closeIdleConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
