import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../db/availability.js';
import { QueryAbortedError } from '../db/client.js';
import { BannedError, HttpError, PowRequiredError, TooManyRequestsError, TwoFactorRequiredError, UnlockRequiredError } from '../lib/errors.js';
import { SERVER_BUSY, SERVICE_UNAVAILABLE } from '../lib/messages.js';

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
    if (error instanceof UnlockRequiredError) return reply.code(403).send({ message: error.message, unlockRequired: true });
    if (error instanceof PowRequiredError) return reply.code(428).send({ message: error.message, pow: error.pow });
    if (error instanceof TwoFactorRequiredError) return reply.code(401).send({ message: error.message, twoFactorRequired: true });
    if (error instanceof TooManyRequestsError) return reply.code(429).header('retry-after', String(error.retryAfterSeconds)).send({ message: error.message });
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    const status = error.statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      const message =
        FASTIFY_MESSAGES[error.code] ?? (error instanceof SyntaxError ? 'Request body is not valid JSON' : error.message);
      return reply.code(status).send({ message });
    }
    const unavailable = unavailableAnswer(error);
    if (unavailable) {
      request.log.warn({ err: error }, unavailable.message === SERVER_BUSY ? 'query cancelled' : 'database unavailable');
      return reply.code(unavailable.status).send({ message: unavailable.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Internal server error' });
  });
});

/**
 * The 503 an error of the database's is answered with, or null for any other error: the
 * database down, frozen or restarting (which errors count: db/availability.ts; CONTRACT.md
 * section 9), or a query PostgreSQL cancelled (statement_timeout, 57014). Also what a
 * server-rendered page shows for a read that failed so (modules/pages/reads.ts).
 */
export function unavailableAnswer(error: unknown): { status: 503; message: string } | null {
  if (isDatabaseUnavailable(error)) return { status: 503, message: SERVICE_UNAVAILABLE };
  const cause = (error as { cause?: unknown } | null)?.cause ?? error;
  if ((cause as { code?: string } | null)?.code === '57014') return { status: 503, message: SERVER_BUSY };
  return null;
}
