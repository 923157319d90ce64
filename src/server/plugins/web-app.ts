import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ImageUrlOf } from '../lib/form.js';
import { webDistDir } from '../lib/paths.js';
import { DEFAULT_META, pageMeta, renderIndexHtml } from '../modules/pages/index.js';
import { contentSecurityPolicy } from './security.js';

/**
 * Serves the built web app: hashed assets cached for a year, everything else
 * revalidated, each as the Brotli or gzip copy the build wrote next to it
 * (scripts/precompress.mjs) when the browser takes one. Unknown /api paths answer
 * 404 JSON; any other unknown GET gets index.html so the app's router shows the
 * page (or its own 404). `imageUrlOf` makes a thread's preview image URL (as the API
 * does), `imageOrigin` is where images come from besides this origin (UPLOADS_PUBLIC_URL).
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { root?: string; imageUrlOf?: ImageUrlOf; imageOrigin?: string | undefined }) => {
  const root = options.root ?? webDistDir;
  const imageUrlOf = options.imageUrlOf ?? ((stored: string | null) => stored);
  const { imageOrigin } = options;
  const indexFile = path.join(root, 'index.html');
  const built = existsSync(indexFile);
  const template = built ? readFileSync(indexFile, 'utf8') : '';

  /** The app shell with this page's meta tags and a fresh style nonce for its CSP. */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, pathname: string) {
    const nonce = randomBytes(16).toString('base64');
    // A page without its preview tags beats no page while the database is away.
    const meta = await pageMeta(app.db, pathname, imageUrlOf).catch(() => DEFAULT_META);
    const html = renderIndexHtml(template, meta, { nonce, origin: `${request.protocol}://${request.host}`, pathname });
    return reply
      .header('Content-Security-Policy', contentSecurityPolicy({ styleNonce: nonce, imageOrigin }))
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  }

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
    if (pathname === '/index.html' && built) return sendPage(request, reply, '/');
    // A missing file (an old tab asking for a replaced bundle) is a 404, not the app shell.
    if (pathname.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(pathname)) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    if (!built) {
      return reply.code(404).type('text/plain').send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    return sendPage(request, reply, pathname);
  });
});
