import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { IMAGE_MAX_BYTES } from '../../shared/constants.js';

/**
 * Multipart forms (SPEC.md section 7: thread and reply forms with an image). Fields
 * and the one file are read into the body before handlers and the CSRF check run,
 * so `_csrf` works as a multipart field and a file over the limit is a 413 at once.
 */
const multipartPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, {
    attachFieldsToBody: true,
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 20, fieldSize: 100 * 1024, parts: 21 },
    async onFile(part: MultipartFile) {
      part.value = await part.toBuffer();
    },
  });
});

/**
 * Registers the routes that take multipart forms (CONTRACT.md: POST /api/threads and
 * POST /api/posts) in a scope of their own. @fastify/multipart adds three async hooks
 * to every request in its scope (one hangs a listener on the socket): registered for
 * the whole app, they cost every read, page and health check 5-8 µs (bench). Any
 * other route answers a multipart body with 415.
 */
export async function multipartRoutes(app: FastifyInstance, routes: (scope: FastifyInstance) => void): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipartPlugin);
    routes(scope);
  });
}
