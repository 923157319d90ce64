import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../lib/errors.js';
import { projectRoot } from '../../lib/paths.js';
import { isStorageName, type ImageStorage, type ReadResult } from './storage.js';

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

/** One value of a request header (Node joins repeated ones; arrays only for set-cookie). */
const headerValue = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/**
 * Serves GET /uploads/* from the storage: the local folder (@fastify/static), or a
 * bucket streamed through the app with the same headers (when UPLOADS_PUBLIC_URL is
 * set, clients fetch from that prefix instead, but the old /uploads/ URLs keep working).
 * It answers 404 itself for anything missing, so an unknown upload never falls through
 * to the web app.
 */
export const uploadsPlugin = fp(
  async (app: FastifyInstance, options: { storage: Pick<ImageStorage, 'localDir' | 'read'> }) => {
    const { localDir, read } = options.storage;
    if (localDir === undefined && read === undefined) throw new Error('uploadsPlugin needs a storage with a localDir or read()');
    const defaultImage = readFileSync(defaultImagePath());

    await app.register(
      async (uploads) => {
        uploads.get('/default-image.jpg', async (_request, reply) =>
          reply.type('image/jpeg').header('Cache-Control', ONE_DAY).header('X-Content-Type-Options', 'nosniff').send(defaultImage),
        );

        if (localDir !== undefined) {
          const dir = path.resolve(localDir);
          // @fastify/static wants its root to exist; the first upload would create it anyway.
          mkdirSync(dir, { recursive: true });
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
        } else if (read !== undefined) {
          uploads.get<{ Params: { name: string } }>('/:name', async (request, reply) => {
            const { name } = request.params;
            if (!isStorageName(name)) return reply.callNotFound();
            let result: ReadResult;
            try {
              result = await read(name, {
                ifNoneMatch: headerValue(request.headers['if-none-match']),
                ifModifiedSince: headerValue(request.headers['if-modified-since']),
                range: headerValue(request.headers.range),
              });
            } catch (error) {
              // The store is away: a passing fault, as a database outage is, never a 500.
              request.log.warn({ err: error }, 'could not read an upload from the bucket');
              throw new HttpError(503, 'Service temporarily unavailable');
            }
            if (result.status === 404) return reply.callNotFound();
            reply.header('Cache-Control', IMMUTABLE).header('X-Content-Type-Options', 'nosniff');
            // 304 (the client's copy is current) and 416 (a range past the end) have no body.
            if (!('body' in result)) return reply.code(result.status).send();
            reply.code(result.status).type(result.contentType).header('Accept-Ranges', 'bytes');
            if (result.contentLength !== undefined) reply.header('Content-Length', result.contentLength);
            if (result.contentRange !== undefined) reply.header('Content-Range', result.contentRange);
            if (result.etag !== undefined) reply.header('ETag', result.etag);
            if (result.lastModified !== undefined) reply.header('Last-Modified', result.lastModified.toUTCString());
            return reply.send(result.body);
          });
        }

        // The folder itself is not a listing (send would answer 403 for a directory).
        uploads.get('/', async (_request, reply) => reply.callNotFound());
        uploads.setNotFoundHandler(async (_request, reply) => reply.code(404).type('text/plain').send('Not found'));
      },
      { prefix: '/uploads' },
    );
  },
  { name: 'uploads' },
);
