import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { webDistDir } from '../lib/paths.js';

/**
 * Serves the built web app: hashed assets cached for a year, everything else
 * revalidated. Unknown /api paths answer 404 JSON; any other unknown GET gets
 * index.html so the app's router shows the page (or its own 404).
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { root?: string }) => {
  const root = options.root ?? webDistDir;
  const built = existsSync(path.join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // Our setHeaders decides caching per file.
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname === '/api' || pathname.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ message: 'Not found' });
    }
    // A missing file (an old tab asking for a replaced bundle) is a 404, not the app shell.
    if (pathname.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(pathname)) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    if (!built) {
      return reply.code(404).type('text/plain').send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', root);
  });
});
