import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { projectRoot } from '../../lib/paths.js';

/** A stored name never changes content (it is a hash of it), so caches may keep it forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The placeholder may be redesigned, so it is cached for a day only. */
const ONE_DAY = 'public, max-age=86400';

/**
 * The fallback picture for posts and threads (SPEC: /uploads/default-image.jpg): an
 * 800x450 grey gradient with a picture glyph, rendered once with sharp from an SVG.
 * tsc does not copy it to dist/, so the built server reads it from src/.
 */
function defaultImagePath(): string {
  const beside = fileURLToPath(new URL('./default-image.jpg', import.meta.url));
  return existsSync(beside) ? beside : path.join(projectRoot, 'src', 'server', 'modules', 'uploads', 'default-image.jpg');
}

/**
 * Serves GET /uploads/* from the local storage folder, and answers 404 itself for
 * anything missing there, so an unknown upload never falls through to the web app.
 */
export const uploadsPlugin = fp(
  async (app: FastifyInstance, options: { dir: string }) => {
    const dir = path.resolve(options.dir);
    // @fastify/static wants its root to exist; the first upload would create it anyway.
    mkdirSync(dir, { recursive: true });
    const defaultImage = readFileSync(defaultImagePath());

    await app.register(
      async (uploads) => {
        uploads.get('/default-image.jpg', async (_request, reply) =>
          reply.type('image/jpeg').header('Cache-Control', ONE_DAY).header('X-Content-Type-Options', 'nosniff').send(defaultImage),
        );

        await uploads.register(fastifyStatic, {
          root: dir,
          prefix: '/',
          // wildcard: files written after start are served too (no route per file).
          wildcard: true,
          decorateReply: false,
          index: false,
          // Storage writes dot-named temporary files; those are never served.
          dotfiles: 'ignore',
          // Our setHeaders decides caching.
          cacheControl: false,
          setHeaders(res) {
            res.setHeader('Cache-Control', IMMUTABLE);
            res.setHeader('X-Content-Type-Options', 'nosniff');
          },
        });

        // The folder itself is not a listing (send would answer 403 for a directory).
        uploads.get('/', async (_request, reply) => reply.callNotFound());
        uploads.setNotFoundHandler(async (_request, reply) => reply.code(404).type('text/plain').send('Not found'));
      },
      { prefix: '/uploads' },
    );
  },
  { name: 'uploads' },
);
