import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../db/availability.js';
import { QueryAbortedError } from '../db/client.js';
import { BannedError, HttpError, PowRequiredError } from '../lib/errors.js';

/** Messages for Fastify's own 4xx errors, in the contract's plain words. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid Content-Length',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body must not be empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_REQ_FILE_TOO_LARGE: 'Image must be less than 5MB',
  FST_FILES_LIMIT: 'Only one image can be attached',
  FST_FIELDS_LIMIT: 'Too many form fields',
  FST_PARTS_LIMIT: 'Too many form parts',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Request is not multipart',
};

/**
 * One place that turns every error into the contract's answer: typed errors keep
 * their status and message, Fastify's client errors keep their status with a plain
 * message, a database outage is a 503, and anything else a 500 without details.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const cause = (error as { cause?: unknown }).cause ?? error;
    if (cause instanceof QueryAbortedError || request.raw.socket?.destroyed || reply.raw.destroyed) {
      // The client went away and its queries were stopped: nobody is waiting for an answer.
      request.log.info('request abandoned by the client');
      return reply.code(499).send({ message: 'Client closed request' });
    }
    if (error instanceof BannedError) return reply.code(403).send({ message: error.message, ban: error.ban });
    if (error instanceof PowRequiredError) return reply.code(428).send({ message: error.message, pow: error.pow });
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    const status = error.statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      const message =
        FASTIFY_MESSAGES[error.code] ?? (error instanceof SyntaxError ? 'Request body is not valid JSON' : error.message);
      return reply.code(status).send({ message });
    }
    // Down, frozen or restarting (which errors count: db/availability.ts): CONTRACT.md section 9.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).send({ message: 'Service temporarily unavailable' });
    }
    if ((cause as { code?: string }).code === '57014') {
      request.log.warn({ err: error }, 'query cancelled');
      return reply.code(503).send({ message: 'The server is busy, please try again' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Internal server error' });
  });
});
