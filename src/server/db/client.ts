import { AsyncLocalStorage } from 'node:async_hooks';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle, accepted wherever a repository function takes `tx ?? db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** A query slower than this is cancelled by PostgreSQL itself. */
const STATEMENT_TIMEOUT_MS = 10_000;

/**
 * The queries of one request. When the request's client goes away (abort()), the
 * queries it still has running are cancelled in PostgreSQL, so an abandoned slow
 * request stops costing database time.
 *
 * A plain list of callbacks rather than an AbortController: an AbortSignal is an
 * EventTarget, and making one per request and adding and removing a listener per query
 * cost more than the primary-key query itself in the benchmark.
 */
export class RequestQueries {
  #aborted = false;
  #running: (() => void)[] = [];
  #watch: ((queries: RequestQueries) => void) | undefined;

  /** `watch` starts watching the client, once, when the first query runs: requests without queries pay nothing. */
  constructor(watch?: (queries: RequestQueries) => void) {
    this.#watch = watch;
  }

  get aborted(): boolean {
    this.#startWatching();
    return this.#aborted;
  }

  /** The client went away: cut what still runs; later queries are not sent. */
  abort(): void {
    if (this.#aborted) return;
    this.#aborted = true;
    const running = this.#running;
    this.#running = [];
    for (const cut of running) cut();
  }

  /** Calls `cut` if the client goes away while a query runs; the returned function forgets it when the query ends. */
  whileRunning(cut: () => void): () => void {
    this.#startWatching();
    this.#running.push(cut);
    return () => {
      const at = this.#running.indexOf(cut);
      if (at !== -1) this.#running.splice(at, 1);
    };
  }

  #startWatching(): void {
    const watch = this.#watch;
    if (!watch) return;
    this.#watch = undefined;
    watch(this);
  }
}

/** Queries aborted with a signal, for code that runs outside a request (the tests). */
export function queriesAbortedBy(signal: AbortSignal): RequestQueries {
  const queries = new RequestQueries();
  if (signal.aborted) queries.abort();
  else signal.addEventListener('abort', () => queries.abort(), { once: true });
  return queries;
}

export const queryContext = new AsyncLocalStorage<RequestQueries>();

export class QueryAbortedError extends Error {
  override name = 'QueryAbortedError';
  constructor() {
    super('The request was aborted before its query ran');
  }
}

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

interface Logger {
  warn(object: object, message: string): void;
}

// pg's Client.query has many overloads; the wrapper forwards whatever it is given.
type AnyQuery = (...args: unknown[]) => unknown;

/** How long an abandoned request's query may still run before its connection is cut. */
export const CUT_GRACE_MS = 100;

/**
 * How often PostgreSQL checks that a running query's client is still there: a cut
 * query stops within this (PostgreSQL 14+), so within CUT_GRACE_MS plus this of the
 * client leaving, none of its queries run any more.
 */
const CONNECTION_CHECK_INTERVAL_MS = 500;

/**
 * When the request a query runs for is abandoned, the query's connection is cut.
 * PostgreSQL notices within client_connection_check_interval and stops the query,
 * and the pool drops the dead client. (A pg_cancel_backend from another connection
 * would race: by the time it lands, the connection may be running someone else's
 * query, or the ROLLBACK of this one.) The listener exists only while the query is
 * in flight, when no one else can hold this client.
 *
 * A query that ends within CUT_GRACE_MS of the abort is left to finish: a new
 * connection (authentication, a fresh backend, statements prepared again) costs tens
 * of milliseconds of CPU, far more than a short query. Cutting every query in flight
 * when many clients left at once made each of them reconnect: in the benchmark, the
 * end of a load cost the next one 200 µs of CPU per request and doubled its p99.
 */
const startsWith = (query: unknown, keyword: RegExp): boolean => {
  const text = typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' && keyword.test(text);
};
const isBegin = (query: unknown) => startsWith(query, /^\s*begin\b/i);
/** An abandoned request's transaction must still be rolled back, or its client would go back to the pool inside it. */
const isRollback = (query: unknown) => startsWith(query, /^\s*rollback\b/i);

/**
 * Drizzle's transaction() runs BEGIN before its try/finally, so a BEGIN that fails (an
 * abandoned request, a database restart) never releases its client: one pool slot
 * lost for good each time. A failed BEGIN hands the client back here instead.
 */
function releaseOnFailedBegin(client: pg.PoolClient, args: unknown[], result: unknown): unknown {
  if (!isBegin(args[0]) || !(result instanceof Promise)) return result;
  return result.catch((error: unknown) => {
    // A BEGIN never sent (the request was gone) leaves a healthy connection: keep it.
    client.release(error instanceof QueryAbortedError ? undefined : error instanceof Error ? error : true);
    throw error;
  });
}

function makeCancellable(client: pg.PoolClient): void {
  const raw = client.query.bind(client) as AnyQuery;
  const original: AnyQuery = (...args) => releaseOnFailedBegin(client, args, raw(...args));
  let graceTimer: NodeJS.Timeout | undefined;
  const cutNow = () => {
    graceTimer = undefined;
    (client as unknown as { cutByUs?: boolean }).cutByUs = true;
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
  };
  const cut = () => {
    graceTimer ??= setTimeout(cutNow, CUT_GRACE_MS);
  };
  const wrapped: AnyQuery = (...args) => {
    const queries = queryContext.getStore();
    if (!queries || isRollback(args[0])) return original(...args);
    if (queries.aborted) {
      const last = args[args.length - 1];
      if (typeof last === 'function') {
        queueMicrotask(() => (last as (error: Error) => void)(new QueryAbortedError()));
        return undefined;
      }
      return releaseOnFailedBegin(client, args, Promise.reject(new QueryAbortedError()));
    }
    const forget = queries.whileRunning(cut);
    const done = () => {
      forget();
      if (graceTimer) {
        clearTimeout(graceTimer);
        graceTimer = undefined;
      }
    };
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (...result: unknown[]) => {
        done();
        (last as AnyQuery)(...result);
      };
      return original(...args);
    }
    const result = original(...args);
    if (result instanceof Promise) return result.finally(done);
    done();
    return result;
  };
  client.query = wrapped as typeof client.query;
}

export function createDatabase(url: string, log: Logger, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: 30_000,
    // Fail fast while the database is down so /readyz answers 503 promptly.
    connectionTimeoutMillis: 5_000,
    application_name: 'hushboard',
    options: `-c client_connection_check_interval=${CONNECTION_CHECK_INTERVAL_MS}`,
  });
  // An idle client's error (the server restarted, a network blip) must not crash the
  // process: the pool drops that client and opens a new one when needed.
  pool.on('error', (error) => log.warn({ err: error }, 'idle database connection failed'));
  pool.on('connect', (client) => {
    // A client in use whose server goes away (restart, shutdown) emits 'error'; without
    // a listener that would crash the process. The query in flight fails on its own.
    client.on('error', (error) => {
      if (!(client as unknown as { cutByUs?: boolean }).cutByUs) log.warn({ err: error }, 'database connection failed');
    });
    makeCancellable(client);
  });
  // pg-pool may hand a client to pool.query's callback from another request's context
  // (the one that released it); the callback re-enters the caller's query context.
  // (AsyncResource.bind would keep every context, but cost 30 µs a query in the bench.)
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  pool.connect = ((callback?: (...args: unknown[]) => void) => {
    if (!callback) return connect();
    const context = queryContext.getStore();
    return connect((...args: unknown[]) => {
      if (!context) return queryContext.exit(callback, ...args);
      const [error, client] = args as [Error | undefined, pg.PoolClient | undefined];
      // The request left while its query waited for a client: hand the client back
      // unused. Failing the query on it instead would make pool.query release it with
      // the error, and the pool would close a healthy connection: one reconnect for
      // every abandoned request, dozens when a load ends.
      if (!error && client && context.aborted) {
        client.release();
        return queryContext.run(context, callback, new QueryAbortedError());
      }
      return queryContext.run(context, callback, ...args);
    });
  }) as typeof pool.connect;
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  return { db, pool, close: () => pool.end() };
}
