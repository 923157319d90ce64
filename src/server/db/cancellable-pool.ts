/**
 * SPEED TRICK, fenced: a pg.Pool patched so that an abandoned request's queries stop in
 * PostgreSQL, without costing a reconnect. It reaches into node-postgres and drizzle
 * internals; everything that does is in this file.
 *
 * Why, and what it measured (git log: ccc68ba, 74a5618, c2a6a04; docs/decisions/005):
 * - A request's queries are a plain callback list (RequestQueries), not an AbortController
 *   per request with a listener per query: the EventTarget machinery cost more than the
 *   primary-key query (PK route ~330-450 -> ~230-290 µs CPU per request, p99 40 -> 25 ms).
 * - pg-pool's connect callback re-enters the caller's query context through the ALS:
 *   AsyncResource.bind did the same for 30 µs of CPU per query.
 * - An aborted query is cut by destroying its socket (pg_cancel_backend from another
 *   connection races with the next user of the connection), only after CUT_GRACE_MS, and a
 *   request gone while waiting for a client hands it back unused: at the end of a
 *   50-connection load the pool otherwise reconnected 20-30 times and the next load paid
 *   ~200 µs CPU per request and twice the p99.
 *
 * What it depends on (pinned in package.json / package-lock.json):
 * - pg@8.23.1: a client's socket is `client.connection.stream` (a net.Socket), and
 *   `client.query` is an own-assignable method taking (config | text, values?, callback?).
 * - pg-pool@3.14.0 (comes with pg, pinned by `overrides`): `pool.query` gets its client by
 *   calling `this.connect(callback)` and releases it with the query's error; a client is
 *   emitted with 'connect' once, before its first use.
 * - drizzle-orm@0.45.4: transaction() runs BEGIN through client.query before its
 *   try/finally (a failed BEGIN never releases its client), and ROLLBACK as a query whose
 *   text starts with `rollback`.
 * cancellable-pool.internals.test.ts fails, naming the part, when any of these changes.
 *
 * When it breaks: cancel through public APIs instead. Give up on the cut and leave
 * queries to statement_timeout (remove makeCancellable and the connect wrapper; keep
 * RequestQueries as the app's API with `whileRunning` unused), or cancel with
 * `SELECT pg_cancel_backend(pid)` from a spare connection, accepting its race. Both are
 * slower under abandoned load (see the numbers above), neither is wrong.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

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

export interface Logger {
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
/** The pg.Pool `options` a cancellable pool's connections need: PostgreSQL notices a cut connection. */
export const CANCELLABLE_CONNECTION_OPTIONS = `-c client_connection_check_interval=${CONNECTION_CHECK_INTERVAL_MS}`;

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
    cutConnection(client);
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

/**
 * Cuts a client's connection at once: its query in flight fails ("Connection terminated"),
 * and a pool drops it. client.end() cannot do this for a frozen server, whose goodbye
 * never comes. Also used by db/availability.ts when the database stops answering.
 */
export function cutConnection(client: pg.Client | pg.PoolClient): void {
  const internals = client as unknown as ClientInternals;
  internals.cutByUs = true;
  internals.connection.stream.destroy();
}

/** Whether cutConnection (or an abandoned request's cut) closed this client's connection. */
export function wasCutByUs(client: pg.Client | pg.PoolClient): boolean {
  return (client as unknown as ClientInternals).cutByUs === true;
}

/** pg's client as this file uses it beyond its public API. */
interface ClientInternals {
  /** Set by the cut, read by the 'error' listener: the connection error is ours, not news. */
  cutByUs?: boolean;
  connection: { stream: { destroy(): void } };
}

/**
 * Makes `pool` cancellable: every client it opens gets the query wrapper above, and
 * pool.connect's callback runs in its caller's query context. Call once, right after
 * making the pool and before its first query.
 */
export function makePoolCancellable(pool: pg.Pool, log: Logger): void {
  pool.on('connect', (client) => {
    // A client in use whose server goes away (restart, shutdown) emits 'error'; without
    // a listener that would crash the process. The query in flight fails on its own.
    client.on('error', (error) => {
      if (!(client as unknown as ClientInternals).cutByUs) log.warn({ err: error }, 'database connection failed');
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
}
