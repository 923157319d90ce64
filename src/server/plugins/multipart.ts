import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { IMAGE_MAX_BYTES } from '../../shared/constants.js';

/**
 * Multipart forms (SPEC.md section 7: thread and reply forms with an image). Fields
 * and the one file are read into the body before handlers and the CSRF check run,
 * so `_csrf` works as a multipart field and a file over the limit is a 413 at once.
 */
export const multipartPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, {
    attachFieldsToBody: true,
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 20, fieldSize: 100 * 1024, parts: 21 },
    async onFile(part: MultipartFile) {
      part.value = await part.toBuffer();
    },
  });
});
