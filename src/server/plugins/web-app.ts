import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ImageUrlOf } from '../lib/form.js';
import { webDistDir } from '../lib/paths.js';
import { createPageSender, loadPageRenderer, pageFormRoutes, seoRoutes, type PageRenderer } from '../modules/pages/index.js';

/**
 * Serves the built web app: hashed assets cached for a year, everything else
 * revalidated, each as the Brotli or gzip copy the build wrote next to it
 * (scripts/precompress.mjs) when the browser takes one. Unknown /api paths answer
 * 404 JSON; any other unknown GET gets index.html so the app's router shows the
 * page (or its own 404). `imageUrlOf` makes a thread's preview image URL (as the API
 * does), `imageOrigin` is where images come from besides this origin (UPLOADS_PUBLIC_URL).
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { root?: string; imageUrlOf?: ImageUrlOf; imageOrigin?: string | undefined; renderer?: PageRenderer | null }) => {
  const root = options.root ?? webDistDir;
  const imageUrlOf = options.imageUrlOf ?? ((stored: string | null) => stored);
  const { imageOrigin } = options;
  const indexFile = path.join(root, 'index.html');
  const built = existsSync(indexFile);
  const template = built ? readFileSync(indexFile, 'utf8') : '';

  // Pages are rendered on the server when the server render is built (npm run build), else the shell alone.
  // Imported in the background (a large module): the server starts without waiting for it.
  const renderer = !built ? null : options.renderer !== undefined ? options.renderer : options.root ? null : loadPageRenderer();
  const sendPage = createPageSender(app, { template, renderer, imageUrlOf, imageOrigin });
  // Robots, the sitemap, and the forms that post without JavaScript.
  await app.register(seoRoutes);
  // The forms re-render their page on an error: only where pages are rendered.
  if (built && renderer !== null) await app.register(pageFormRoutes, { sendPage });

  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // index.html is a template: it is always rendered by sendPage, never sent raw.
      allowedPath: (pathName) => pathName !== '/index.html',
      // x.js.br and x.js.gz are sent for x.js (the one the browser takes), never asked for by name.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      // Our setHeaders decides caching per file.
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The body depends on Accept-Encoding; @fastify/compress, which would say so, leaves encoded bodies alone.
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname === '/api' || pathname.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ message: 'Not found' });
    }
    if (pathname === '/index.html' && built) return sendPage(request, reply, { url: '/' });
    // A missing file (an old tab asking for a replaced bundle) is a 404, not the app shell.
    if (pathname.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(pathname)) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    if (!built) {
      return reply.code(404).type('text/plain').send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    return sendPage(request, reply);
  });
});
