import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { CONNECT_TIMEOUT_MS, DatabaseWatch, type WatchLogger } from './availability.js';
import { CANCELLABLE_CONNECTION_OPTIONS, makePoolCancellable, wasCutByUs } from './cancellable-pool.js';
import * as schema from './schema.js';

// A request's queries and their cancellation live in cancellable-pool.ts (it patches pg's
// pool and clients); re-exported here, where the rest of the app has always found them.
export { CUT_GRACE_MS, queriesAbortedBy, QueryAbortedError, queryContext, RequestQueries } from './cancellable-pool.js';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle, accepted wherever a repository function takes `tx ?? db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** A query slower than this is cancelled by PostgreSQL itself. */
export const STATEMENT_TIMEOUT_MS = 10_000;
/** An open transaction left idle this long is ended by PostgreSQL. */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 30_000;
/** How long a request may queue for a pool client while the database answers. */
const POOL_WAIT_TIMEOUT_MS = 10_000;

/**
 * A pool client whose connection attempt gives up after CONNECT_TIMEOUT_MS: an
 * unreachable or frozen database is a 503 in about a second, not a hang. pg-pool
 * hands its own options (and so its longer queueing limit) to every client it makes.
 */
class ConnectingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(typeof config === 'string' ? { connectionString: config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS } : { ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

/**
 * A pool client for a transaction pooler (PgBouncer in transaction mode, which hands each
 * transaction to any server connection): every statement unnamed. drizzle's `.prepare(name)`
 * and db/named-statement.ts name theirs, and a named statement lives on one server
 * connection, so the next transaction may not find it (PgBouncer 1.18 keeps none).
 * Unnamed statements are parsed and planned per call, as db.execute's are.
 */
class UnnamedStatementClient extends ConnectingClient {
  // pg's query() is overloaded many ways; this passes every form on unchanged but a config's name.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- forwards pg's own overloads untouched
  override query(config: any, values?: any, callback?: any): any {
    if (config !== null && typeof config === 'object' && typeof config.name === 'string' && typeof config.submit !== 'function') {
      const { name: _name, ...unnamed } = config as pg.QueryConfig;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same overload pg was called with
      return super.query(unnamed as any, values, callback);
    }
    return super.query(config, values, callback);
  }
}

/** How the database URL pools connections (config.ts, DATABASE_POOL_MODE). */
export type PoolMode = 'session' | 'transaction';

export interface DatabaseOptions {
  max?: number;
  /** `transaction`: DATABASE_URL is PgBouncer in transaction mode (see UnnamedStatementClient and the settings below). */
  poolMode?: PoolMode;
  /** The URL of a connection that keeps its session (LISTEN, session locks); default: the pool's URL. */
  directUrl?: string | undefined;
}

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** Where a connection that needs its session goes: LISTEN, the migration and jobs locks. */
  directUrl: string;
  poolMode: PoolMode;
  /** Whether the database answers; a frozen or dead one turns requests into prompt 503s (availability.ts). */
  watch: DatabaseWatch;
  close(): Promise<void>;
}

export function createDatabase(url: string, log: WatchLogger, options: DatabaseOptions = {}): Database {
  const poolMode = options.poolMode ?? 'session';
  // PgBouncer refuses these startup parameters ('unsupported startup parameter'); behind it
  // they are the role's or database's settings (README: Behind PgBouncer), checked at start.
  const sessionSettings =
    poolMode === 'session'
      ? { statement_timeout: STATEMENT_TIMEOUT_MS, idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS, options: CANCELLABLE_CONNECTION_OPTIONS }
      : {};
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    ...sessionSettings,
    // A wait for a free client: a busy but healthy database queues requests rather than
    // failing them (a frozen one is found by the watch within about a second and its
    // clients cut, which ends the wait). Opening a connection has its own, short limit:
    // ConnectingClient below.
    connectionTimeoutMillis: POOL_WAIT_TIMEOUT_MS,
    Client: poolMode === 'session' ? ConnectingClient : UnnamedStatementClient,
    // A peer that vanished without closing (a dead host, a dropped network) is noticed by TCP.
    keepAlive: true,
    application_name: 'hushboard',
  });
  // An idle client's error (the server restarted, a network blip) must not crash the
  // process: the pool drops that client and opens a new one when needed. The connections
  // the app cut itself (an abandoned request, a database found down) are not news.
  pool.on('error', (error, client) => {
    if (!wasCutByUs(client)) log.warn({ err: error }, 'idle database connection failed');
  });
  // An abandoned request's queries stop in PostgreSQL (cancellable-pool.ts).
  makePoolCancellable(pool, log);
  const watch = new DatabaseWatch(pool, url, log);
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  return {
    db,
    pool,
    directUrl: options.directUrl ?? url,
    poolMode,
    watch,
    close: async () => {
      watch.close();
      await pool.end();
    },
  };
}
