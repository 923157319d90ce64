import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { IMAGE_MAX_BYTES } from '../../shared/constants.js';
import { BadRequestError } from '../lib/errors.js';

export const MALFORMED_MULTIPART = 'The form data is malformed or incomplete';
export const INVALID_JSON_FIELD = 'A form field is not valid JSON';

/**
 * Multipart forms (SPEC.md section 7: thread and reply forms with an image). Fields
 * and the one file are read into the body before handlers and the CSRF check run,
 * so `_csrf` works as a multipart field and a file over the limit is a 413 at once.
 *
 * The body is read here rather than with the library's attachFieldsToBody, whose hook
 * lets busboy's parse errors (no boundary, a malformed header, a body that stops
 * before its closing boundary) through as 500s: each of those is the client's
 * malformed form, a 400 (CONTRACT.md section 9). The limits keep their 413s. Nothing
 * reaches a handler until the whole form has arrived, so a client that goes away
 * mid-form leaves nothing written.
 */
const multipartPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 20, fieldSize: 100 * 1024, parts: 21 },
  });
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    try {
      // The parts arrive one at a time; `fields` is every part so far, keyed by field name.
      for await (const part of request.parts()) {
        request.body = part.fields;
        if (part.type === 'file') part.value = await part.toBuffer();
      }
    } catch (error) {
      request.log.info({ err: error }, 'multipart form refused');
      throw asClientError(error);
    }
  });
});

/** The library's own errors keep their 4xx (limits: 413); busboy's parse errors carry no status. */
function asClientError(error: unknown): unknown {
  const { statusCode, code } = error as { statusCode?: number; code?: string };
  if (code === 'FST_INVALID_JSON_FIELD_ERROR') return new BadRequestError(INVALID_JSON_FIELD);
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) return error;
  if (error instanceof Error && statusCode === undefined) return new BadRequestError(MALFORMED_MULTIPART);
  return error;
}

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
