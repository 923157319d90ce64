import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import pino, { type Logger } from 'pino';
import type { Config } from '../config.js';
import { batchedLogDestination } from './batched-log-destination.js';

// Fastify's per-request logger, made only when used (lazy-child-logger.ts); app.ts takes it from here.
export { lazyChildLogger } from './lazy-child-logger.js';

const REDACTED_PATHS = [
  'password',
  '*.password',
  'passwordHash',
  '*.passwordHash',
  'secret',
  '*.secret',
  'headers.cookie',
  'headers.authorization',
  '*.headers.cookie',
  '*.headers.authorization',
  '*.headers["set-cookie"]',
];

/**
 * Keeps secrets and identities out of the logs whatever logger the app is given:
 * requests are logged by id, method and URL only (no remote address, no headers),
 * and anything named like a password, cookie or secret is redacted.
 */
export function privacySafe(logger: Logger): Logger {
  return logger.child(
    {},
    {
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: {
        req: (request: FastifyRequest) => ({ id: request.id, method: request.method, url: request.url }),
      },
    },
  );
}

/**
 * The process logger; buildApp() makes it privacy-safe for request logs. Readable lines
 * (pino-pretty) when a person watches a terminal; otherwise, in production and the bench,
 * JSON lines for log collectors, batched before pino's destination (batched-log-destination.ts).
 */
export function createLogger(level: Config['logLevel'], stdoutIsTTY = process.stdout.isTTY === true): Logger {
  if (stdoutIsTTY) {
    return pino({ level, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } });
  }
  return pino({ level }, batchedLogDestination());
}

/**
 * One line per request, when it completes: request id, method, path (without the query
 * string, which may hold a search), status and time. Fastify's own request logging
 * writes two lines with the whole request object. The line is written straight to the
 * process logger: its fields are known to be safe, so it needs neither a per-request
 * child logger nor redaction, which together cost more than a health check itself.
 */
export const requestLogPlugin = fp(async (app: FastifyInstance, { logger }: { logger: Logger }) => {
  app.addHook('onResponse', (request, reply, done) => {
    if (logger.isLevelEnabled('info')) {
      const queryAt = request.url.indexOf('?');
      logger.info(
        { reqId: request.id, method: request.method, path: queryAt === -1 ? request.url : request.url.slice(0, queryAt), statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime) },
        'request completed',
      );
    }
    done();
  });
});
