import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NotFoundError } from '../../lib/errors.js';
import { projectRoot } from '../../lib/paths.js';
import type { Method, RouteDoc } from '../../lib/route-doc.js';
import { DOCS_ASSETS } from './assets.js';
import { buildOpenApiDocument, type OpenApiDocument } from './document.js';
import { openApiDocs } from './docs.js';
import { DOCS_PAGE } from './page.js';

export interface RegisteredRoute {
  method: Method;
  path: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The OpenAPI document, and every route registered after this plugin (HEAD left out). */
    openApi: { document: OpenApiDocument; routes: RegisteredRoute[] };
  }
}

const version = (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * GET /api/openapi.json (CONTRACT.md section 11), built once at start from the
 * modules' route docs, and /api/docs, which renders it. Registered before the
 * modules' routes, so it sees each of them (onRoute) and can say at start which
 * route has no entry in the document, or which entry no route.
 */
export const openApiPlugin = fp(async (app: FastifyInstance, options: { docs: RouteDoc[] }) => {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method: method as Method, path: route.url });
    }
  });

  const docs = [...options.docs, ...openApiDocs];
  const document = buildOpenApiDocument(docs, { version });
  const json = JSON.stringify(document);
  app.decorate('openApi', { document, routes });

  app.addHook('onReady', async () => {
    const key = (route: RegisteredRoute) => `${route.method} ${route.path}`;
    const documented = new Set(docs.map(key));
    const registered = new Set(routes.map(key));
    const missing = routes.filter((route) => route.path.startsWith('/api') && !documented.has(key(route))).map(key);
    const stale = docs.filter((doc) => !registered.has(key(doc))).map(key);
    if (missing.length > 0) app.log.warn({ routes: missing }, 'routes missing from the OpenAPI document (add them to their module docs.ts)');
    if (stale.length > 0) app.log.warn({ routes: stale }, 'OpenAPI entries without a route');
  });

  app.get('/api/openapi.json', async (_request, reply) => reply.type('application/json; charset=utf-8').send(json));

  app.get('/api/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(DOCS_PAGE));

  const assets = new Map<string, Buffer>();
  app.get<{ Params: { file: string } }>('/api/docs/:file', async (request, reply) => {
    const asset = Object.hasOwn(DOCS_ASSETS, request.params.file) ? DOCS_ASSETS[request.params.file] : undefined;
    if (!asset) throw new NotFoundError();
    let body = assets.get(request.params.file);
    if (!body) assets.set(request.params.file, (body = asset.read()));
    return reply.type(asset.type).send(body);
  });
});
