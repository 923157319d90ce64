/**
 * SPEED TRICK, fenced: Fastify's per-request child logger, stood in for by a small object
 * that builds the real pino child only when the request logs something.
 *
 * Why, and what it measured (git log: da686df, bda9664, 146c3e8): a pino child with
 * redaction costs microseconds to build, about as much as a whole health check, and most
 * requests never log beyond their one completion line (written by requestLogPlugin, on
 * the process logger). One object with its methods on a class: six closures per request
 * showed in a loaded health check's CPU profile.
 *
 * What it depends on (pinned in package.json): fastify@5.12.8 calls childLoggerFactory
 * per request and accepts any object with info, error, debug, fatal, warn, trace and
 * child (validateLogger), and itself only calls those on request.log / reply.log;
 * pino@10.4.0's Logger has isLevelEnabled(), level and child(). This class is cast to
 * FastifyBaseLogger, so the type checker does not see a missing member:
 * lazy-child-logger.internals.test.ts does.
 *
 * When it breaks: drop the childLoggerFactory option in app.ts (Fastify then calls
 * logger.child(bindings, options) per request, its public default), or return
 * `logger.child(bindings, options)` from lazyChildLogger.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Logger } from 'pino';

type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Record<string, unknown>;

/** Fastify's childLoggerFactory: the child logger per request, made only when the request logs something. */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings, options: object): FastifyBaseLogger {
  if (Object.keys(options).length > 0) return logger.child(bindings, options);
  return new LazyChildLogger(logger, bindings) as unknown as FastifyBaseLogger;
}

export class LazyChildLogger {
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
