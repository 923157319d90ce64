import type { FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';
import type { Config } from '../config.js';

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
 * The process logger; buildApp() makes it privacy-safe for request logs. JSON lines
 * for log collectors, readable lines when a person watches a terminal.
 */
export function createLogger(level: Config['logLevel']): Logger {
  if (process.stdout.isTTY) {
    return pino({ level, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } });
  }
  return pino({ level });
}
