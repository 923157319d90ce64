import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
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
  'ip',
  '*.ip',
  // request.clientAddress (plugins/client-ip.ts): the address itself, canonical.
  'clientAddress',
  '*.clientAddress',
  'ipHash',
  '*.ipHash',
  // The author key in every form, and the tags it makes (CONTRACT.md section 13).
  'authorKey',
  '*.authorKey',
  'authorKeyWrapped',
  '*.authorKeyWrapped',
  'authorKeyEscrow',
  '*.authorKeyEscrow',
  'authorKeySealed',
  '*.authorKeySealed',
  'authorTag',
  '*.authorTag',
  // A passkey's PRF output unwraps the author key (modules/webauthn): never in a log.
  'prfOutput',
  '*.prfOutput',
  'headers.cookie',
  'headers.authorization',
  '*.headers.cookie',
  '*.headers.authorization',
  '*.headers["set-cookie"]',
];

/** An error as a log line may show it: what names the failure, nothing it was given. */
export interface LoggedError {
  type: string;
  message: string;
  code?: string;
  statusCode?: number;
  /** PostgreSQL's own fields that name schema objects and its source, never values. */
  severity?: string;
  routine?: string;
  constraint?: string;
  table?: string;
  column?: string;
  /** Only the frames: the stack's first line repeats the message. */
  stack?: string;
  cause?: LoggedError;
}

const isDatabaseError = (error: Record<string, unknown>) => typeof error.severity === 'string' && typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code);

/**
 * A message fit for the logs. drizzle's query errors spell out the parameters ("Failed
 * query: ...\nparams: ..."): the query's text stays, the parameters go. PostgreSQL quotes
 * the values it refuses ('invalid input syntax for type integer: "..."'): quoted parts go
 * (the constraint, table and column are logged as fields of their own).
 */
function safeMessage(error: Record<string, unknown>, database: boolean): string {
  let message = typeof error.message === 'string' ? error.message : '';
  const params = message.search(/\nparams:/);
  if (params !== -1) message = message.slice(0, params);
  if (database) message = message.replace(/"(?:[^"]|"")*"/g, '"…"');
  return message.length > 1000 ? `${message.slice(0, 1000)}…` : message;
}

/**
 * The one way an error reaches a log line, for every logger the app makes: an allow-list
 * (type, message without parameters, code, PostgreSQL's schema fields, the stack's frames,
 * the cause the same way). pino's default serializer copies every own field, and
 * drizzle's errors carry `params`, PostgreSQL's `detail` quotes the values ("Key
 * (username)=(...)"), an HTTP error its request's field errors.
 */
export function serializeError(error: unknown, depth = 0): LoggedError | unknown {
  if (typeof error !== 'object' || error === null) return typeof error === 'string' ? { type: 'string', message: '[not logged]' } : error;
  const fields = error as Record<string, unknown>;
  const database = isDatabaseError(fields);
  const logged: LoggedError = { type: error.constructor?.name ?? 'Object', message: safeMessage(fields, database) };
  if (typeof fields.code === 'string' && fields.code.length <= 64) logged.code = fields.code;
  if (typeof fields.statusCode === 'number') logged.statusCode = fields.statusCode;
  if (database) {
    for (const key of ['severity', 'routine', 'constraint', 'table', 'column'] as const) {
      if (typeof fields[key] === 'string') logged[key] = fields[key];
    }
  }
  if (typeof fields.stack === 'string') {
    const frames = fields.stack.split('\n').filter((line) => /^\s+at /.test(line));
    if (frames.length > 0) logged.stack = frames.join('\n');
  }
  if (fields.cause !== undefined && depth < 3) logged.cause = serializeError(fields.cause, depth + 1) as LoggedError;
  return logged;
}

/** A request by id, method and path: no address, no headers, no query string (a search's words). */
function serializeRequest(request: FastifyRequest) {
  const queryAt = request.url.indexOf('?');
  return { id: request.id, method: request.method, url: queryAt === -1 ? request.url : request.url.slice(0, queryAt) };
}

const SAFE_SERIALIZERS = { err: serializeError, error: serializeError, req: serializeRequest, res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }) };

/** What every logger of the app is made with: the serializers above (redaction is added by a child, below). */
const loggerOptions = (level: Config['logLevel']): LoggerOptions => ({
  level,
  serializers: SAFE_SERIALIZERS,
});

/** The process logger's parent without redaction, for the access line whose fields are all known. */
const UNREDACTED = Symbol('unredacted logger');
type WithUnredacted = Logger & { [UNREDACTED]?: Logger };

/** Redaction on every line but the access line: redacting cost ~4 µs a line, more than a health check. */
function redacting(base: Logger): Logger {
  const logger: WithUnredacted = base.child({}, { redact: { paths: REDACTED_PATHS, censor: '[redacted]' } });
  logger[UNREDACTED] = base;
  return logger;
}

/**
 * Keeps secrets and identities out of the logs whatever logger the app is given (a
 * test's, or createLogger's): requests are logged by id, method and path only (no remote
 * address, no headers), errors through serializeError, and anything named like a
 * password, cookie, secret or IP is redacted.
 */
export function privacySafe(logger: Logger): Logger {
  return logger.child({}, { redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, serializers: SAFE_SERIALIZERS });
}

/**
 * The process logger, with the serializers and redaction above (jobs and the pool log
 * through it, not only requests); `destination` for a test that reads the lines. Readable lines
 * (pino-pretty) when a person watches a terminal; otherwise, in production and the bench,
 * JSON lines for log collectors, batched before pino's destination (batched-log-destination.ts).
 */
export function createLogger(level: Config['logLevel'], stdoutIsTTY = process.stdout.isTTY === true, destination?: DestinationStream): Logger {
  if (destination) return redacting(pino(loggerOptions(level), destination));
  if (stdoutIsTTY) {
    return redacting(pino({ ...loggerOptions(level), transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }));
  }
  return redacting(pino(loggerOptions(level), batchedLogDestination()));
}

/**
 * One line per request, when it completes: request id, method, path (without the query
 * string, which may hold a search), status and time. Fastify's own request logging
 * writes two lines with the whole request object. The line is written straight to the
 * process logger: its fields are known to be safe, so it needs neither a per-request
 * child logger nor redaction, which together cost more than a health check itself.
 */
export const requestLogPlugin = fp(async (app: FastifyInstance, { logger: given }: { logger: Logger }) => {
  const logger = (given as WithUnredacted)[UNREDACTED] ?? given;
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
