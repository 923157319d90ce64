// Whether the database answers, as this server sees it, and what requests do when it
// does not (CONTRACT.md section 9): a 503 within about one second, never a hang, and
// serving again by itself once the database is back.
//
// - A new connection gets CONNECT_TIMEOUT_MS; pg-pool applies the same limit to a wait
//   for a free pool client, so a request never queues longer than that either.
// - A query is not cut for being slow: a search may legitimately take seconds, and
//   PostgreSQL's statement_timeout stops it at 10 s. But when the pool has had a client
//   out for STALL_MS without the database answering anything in that time, a probe on
//   a fresh connection asks whether it still answers, within PROBE_TIMEOUT_MS. A failed
//   connection attempt asks too. A probe answered by PostgreSQL (even with an error)
//   means a slow query, and nothing happens.
// - No answer (frozen, crashed, unreachable): the database is down. Every connection of
//   the pool is cut, so queries in flight fail and their requests answer 503; until a
//   probe (every RECHECK_MS) gets an answer, new queries fail at once instead of waiting.
//   The pool then heals by itself: the cut clients are gone and new ones are opened on
//   demand.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { cutConnection } from './cancellable-pool.js';

export const CONNECT_TIMEOUT_MS = 1_000;
const STALL_MS = 500;
const PROBE_TIMEOUT_MS = 1_000;
const SWEEP_MS = 250;
const RECHECK_MS = 500;

/** A query refused without trying, because the database is known to be down. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
  constructor(reason: string) {
    super(`The database is unavailable (${reason})`);
  }
}

/** Connection-level failures: the database is down, frozen or restarting, not a bug. */
const DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);
// 'timeout expired' is pg's own connect timeout (a new connection under overload), seen as a 500 in the fan-out bench.
const DOWN_MESSAGES = /timeout exceeded when trying to connect|^timeout expired$|Connection terminated|Client was closed and is not queryable|Client has encountered a connection error/i;

/**
 * Whether `error` (or its cause: drizzle wraps pg's errors) says the database cannot
 * serve: unreachable, or out of a resource (SQLSTATE class 53: disk full, out of
 * memory, too many connections), which is a 503 too, not a bug.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const cause = (error as { cause?: unknown } | null)?.cause ?? error;
  if (cause instanceof DatabaseUnavailableError || error instanceof DatabaseUnavailableError) return true;
  const code = (cause as { code?: unknown } | null)?.code;
  const message = (cause as { message?: unknown } | null)?.message;
  return (
    (typeof code === 'string' && (DOWN_CODES.has(code) || code.startsWith('53'))) ||
    (typeof message === 'string' && DOWN_MESSAGES.test(message))
  );
}

/** A PostgreSQL error other than a connection failure: the server is there and answering. */
function answeredByServer(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !DOWN_CODES.has(code);
}

export interface WatchLogger {
  warn(object: object, message: string): void;
  info?(object: object, message: string): void;
}

type ConnectCallback = (error: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void;

export class DatabaseWatch {
  readonly #pool: pg.Pool;
  readonly #url: string;
  readonly #log: WatchLogger;
  readonly #clients = new Set<pg.PoolClient>();
  /** Clients out of the pool, and since when (performance.now()). */
  readonly #busySince = new Map<pg.PoolClient, number>();
  /** The last moment the database was seen answering. */
  #lastAnswer = performance.now();
  #down: string | undefined;
  #probing: Promise<boolean> | undefined;
  #recheck: NodeJS.Timeout | undefined;
  readonly #sweep: NodeJS.Timeout;
  #closed = false;

  constructor(pool: pg.Pool, url: string, log: WatchLogger) {
    this.#pool = pool;
    this.#url = url;
    this.#log = log;
    pool.on('connect', (client) => this.#clients.add(client));
    pool.on('remove', (client) => {
      this.#clients.delete(client);
      this.#busySince.delete(client);
    });
    pool.on('acquire', (client) => this.#busySince.set(client, performance.now()));
    pool.on('release', (error: Error | undefined, client: pg.PoolClient) => {
      this.#busySince.delete(client);
      if (!error) this.#lastAnswer = performance.now();
    });
    // Outermost wrapper of pool.connect (pool.query goes through it too): refuse at once
    // while down, and notice failed connection attempts.
    const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
    pool.connect = ((callback?: ConnectCallback) => {
      if (this.#down !== undefined) {
        const error = new DatabaseUnavailableError(this.#down);
        if (!callback) return Promise.reject(error);
        process.nextTick(callback, error);
        return undefined;
      }
      if (!callback) {
        return (connect() as Promise<pg.PoolClient>).catch((error: unknown) => {
          this.#noticeConnectError(error);
          throw error;
        });
      }
      return connect((error, client, done) => {
        if (error) this.#noticeConnectError(error);
        callback(error, client, done);
      });
    }) as typeof pool.connect;
    this.#sweep = setInterval(() => this.#findStalls(), SWEEP_MS).unref();
  }

  /** Why the database is down, or undefined while it answers. */
  get down(): string | undefined {
    return this.#down;
  }

  /** Whether the database answers `SELECT 1` within `ms` (at once false while known down). */
  async answersWithin(ms: number): Promise<boolean> {
    if (this.#down !== undefined) return false;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => (timer = setTimeout(resolve, ms, false)));
    const answered = this.#pool.query('SELECT 1').then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([answered, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Asks the database whether it answers (one probe at a time); marks it down when it does not. */
  check(reason: string): Promise<boolean> {
    this.#probing ??= this.#probe().then((alive) => {
      this.#probing = undefined;
      if (alive) this.#lastAnswer = performance.now();
      else this.markDown(reason);
      return alive;
    });
    return this.#probing;
  }

  /** The database is known to be down (a failed probe, or the embedded server's supervisor). */
  markDown(reason: string): void {
    if (this.#down !== undefined || this.#closed) return;
    this.#down = reason;
    this.#log.warn({ reason }, 'database unavailable: requests answer 503 until it is back');
    this.cutAll();
    this.#scheduleRecheck();
  }

  /** Cuts every connection of the pool: queries in flight fail now instead of waiting. */
  cutAll(): void {
    for (const client of this.#clients) cutConnection(client);
  }

  close(): void {
    this.#closed = true;
    clearInterval(this.#sweep);
    clearTimeout(this.#recheck);
  }

  #scheduleRecheck(): void {
    this.#recheck = setTimeout(() => {
      if (this.#closed) return;
      void this.#probe().then((alive) => {
        if (this.#closed) return;
        if (!alive) return this.#scheduleRecheck();
        const reason = this.#down;
        this.#down = undefined;
        this.#lastAnswer = performance.now();
        (this.#log.info ?? this.#log.warn).call(this.#log, { reason }, 'database available again');
      });
    }, RECHECK_MS);
    this.#recheck.unref();
  }

  #noticeConnectError(error: unknown): void {
    if (isDatabaseUnavailable(error)) void this.check('a connection to the database failed');
  }

  /** A client has been out for STALL_MS with no sign of life from the database meanwhile. */
  #findStalls(): void {
    if (this.#down !== undefined || this.#probing || this.#busySince.size === 0) return;
    const now = performance.now();
    for (const since of this.#busySince.values()) {
      if (now - Math.max(since, this.#lastAnswer) > STALL_MS) {
        void this.check(`no answer to a query for ${STALL_MS} ms and no answer to a new connection for ${PROBE_TIMEOUT_MS} ms`);
        return;
      }
    }
  }

  /** A fresh connection and `SELECT 1`, within PROBE_TIMEOUT_MS: true when PostgreSQL answers. */
  async #probe(): Promise<boolean> {
    const client = new pg.Client({ connectionString: this.#url, application_name: 'hushboard-probe' });
    client.on('error', () => undefined);
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      cutConnection(client);
    }, PROBE_TIMEOUT_MS);
    let alive = false;
    try {
      await client.connect();
      await client.query('SELECT 1');
      alive = true;
    } catch (error) {
      alive = !late && answeredByServer(error);
    } finally {
      clearTimeout(timer);
      if (alive) client.end().catch(() => undefined);
      else cutConnection(client);
    }
    return alive;
  }
}
