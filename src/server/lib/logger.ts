import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import pino, { type Logger } from 'pino';
import type { Config } from '../config.js';

const LOG_FLUSH_MS = 1000;
const LOG_BATCH_BYTES = 4096;

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
  return pino({ level }, batchedStdout());
}

/**
 * stdout for JSON lines, written about 4 KB at a time: a request never waits on
 * stdout, and a busy server makes one write per few dozen lines. A quiet server's
 * lines still show within a second (journald, a tailed file), and all are written on
 * exit. Lines are gathered here and handed to pino's destination (sonic-boom, which
 * handles a full pipe) in one piece: its own buffering cost 2.5-3 µs per line, a
 * fifth of a health check's whole cost in the bench; an array join costs 0.4.
 */
export function batchedStdout(fd = 1): { write(line: string): void } {
  const destination = pino.destination({ dest: fd, sync: false });
  let lines: string[] = [];
  let bytes = 0;
  const flush = () => {
    if (lines.length === 0) return;
    destination.write(lines.join(''));
    lines = [];
    bytes = 0;
  };
  setInterval(flush, LOG_FLUSH_MS).unref();
  // After pino's own exit hook (registered with the destination): no event loop is left, so synchronously.
  process.on('exit', () => {
    try {
      flush();
      destination.flushSync();
    } catch {
      // stdout is gone (closed pipe): there is nowhere left to write.
    }
  });
  return {
    write(line: string) {
      lines.push(line);
      bytes += line.length;
      if (bytes >= LOG_BATCH_BYTES) flush();
    },
  };
}

type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Record<string, unknown>;

/**
 * Fastify's child logger per request, made only when the request logs something. A
 * pino child with redaction costs microseconds to build, about as much as a whole
 * health check, and most requests never log beyond their one completion line.
 */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings, options: object): FastifyBaseLogger {
  if (Object.keys(options).length > 0) return logger.child(bindings, options);
  // One small object per request, its methods on the class: six closures per request
  // showed in a loaded health check's CPU profile.
  return new LazyChildLogger(logger, bindings) as unknown as FastifyBaseLogger;
}

class LazyChildLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
  ) {}

  #real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings));
  }

  #log(level: LogMethod, args: unknown[]): void {
    if ((this.parent as unknown as Logger).isLevelEnabled?.(level) ?? true) (this.#real()[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  child(childBindings: Bindings, childOptions?: object): FastifyBaseLogger {
    return this.#real().child(childBindings, childOptions);
  }

  silent(): void {}

  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }

  error(...args: unknown[]): void {
    this.#log('error', args);
  }

  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }

  info(...args: unknown[]): void {
    this.#log('info', args);
  }

  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }

  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }
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
