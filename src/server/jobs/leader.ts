import pg from 'pg';
import type { Logger } from 'pino';

/** An arbitrary constant (db/migrate.ts uses 7_316_042): the lock whose holder runs the background jobs. */
export const JOBS_LOCK = 7_316_043;

/** How often an instance without the lock asks for it, and the holder checks it still has it. */
export const LEADER_CHECK_EVERY_MS = 5_000;

/** A statement on the lock's connection that gets no answer within this counts as a lost connection. */
const QUERY_TIMEOUT_MS = 5_000;

/** How long stop() waits for the lock's connection to close before leaving it to the process exit. */
const STOP_WAIT_MS = 1_000;

export interface JobLeadership {
  /** Whether this instance holds the lock now. */
  readonly leading: boolean;
  /** Asks the database whether the lock is still held (false when the connection is gone). */
  confirm(): Promise<boolean>;
  stop(): Promise<void>;
}

type Log = Pick<Logger, 'info' | 'warn' | 'debug'>;

/**
 * Background jobs run on one instance at a time (CONTRACT.md section 9): the one that
 * holds the advisory lock JOBS_LOCK. It is a transaction-level lock
 * (pg_try_advisory_xact_lock) in a transaction kept open on a connection of its own,
 * not a session-level one: through PgBouncer in transaction mode (which the contract
 * supports) a session lock would stay behind on a server connection that other clients,
 * other instances included, then use and re-enter; an open transaction keeps its server
 * connection. The transaction takes no snapshot after its statement and writes nothing,
 * so it holds back no vacuum. When the holder stops, its connection closes; when it dies
 * or its connection breaks, PostgreSQL ends the transaction: either way the lock is free,
 * and the next instance to ask (every LEADER_CHECK_EVERY_MS) takes it over.
 *
 * A holder checks its connection every LEADER_CHECK_EVERY_MS (and the job runner before
 * each pass, confirm()); a failed check gives the lead up at once and reconnects.
 */
export function holdJobLock({
  connectionString,
  logger,
  onChange,
  checkEveryMs = LEADER_CHECK_EVERY_MS,
}: {
  connectionString: string;
  logger: Log;
  /** Called with true when this instance takes the lock, false when it loses it. */
  onChange(leading: boolean): void;
  checkEveryMs?: number;
}): JobLeadership {
  let client: pg.Client | undefined;
  let leading = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lastFailure = '';

  const setLeading = (next: boolean) => {
    if (next === leading) return;
    leading = next;
    if (next) logger.info('this instance runs the background jobs (it holds their advisory lock)');
    else logger.warn('this instance no longer runs the background jobs (their advisory lock is gone)');
    onChange(next);
  };

  const drop = (failed: pg.Client, error: unknown) => {
    if (client !== failed) return;
    client = undefined;
    void failed.end().catch(() => undefined);
    const message = error instanceof Error ? error.message : String(error);
    // Logged once per kind of failure: a database down for an hour is one line, not 720.
    if (message !== lastFailure) logger.warn({ err: error }, 'background jobs: lock connection failed; retrying');
    lastFailure = message;
    setLeading(false);
  };

  const connect = async (): Promise<pg.Client> => {
    const next = new pg.Client({
      connectionString,
      connectionTimeoutMillis: QUERY_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
      keepAlive: true,
      application_name: 'hushboard-jobs',
    });
    next.on('error', (error) => drop(next, error));
    client = next;
    try {
      await next.connect();
    } catch (error) {
      drop(next, error);
      throw error;
    }
    return next;
  };

  // The lock's connection answers one query at a time (pg 9 refuses overlapping ones): the
  // round and every job's confirmation take turns on it, and confirmations at once share one.
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = turn.then(work, work);
    turn = run.catch(() => undefined);
    return run;
  };
  let confirming: Promise<boolean> | undefined;

  /** One round: the holder checks its connection, anyone else asks for the lock. */
  const round = () => inTurn(async () => {
    const current = client ?? (await connect());
    try {
      if (leading) {
        await current.query('SELECT 1');
      } else {
        await current.query('BEGIN');
        // The transaction stays open as long as the lock is held: no server timeout may end it.
        await current.query('SET LOCAL idle_in_transaction_session_timeout = 0');
        const { rows } = await current.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [JOBS_LOCK]);
        if (rows[0]?.locked) {
          lastFailure = '';
          if (!stopped) setLeading(true);
        } else {
          await current.query('ROLLBACK');
        }
      }
    } catch (error) {
      drop(current, error);
    }
  });

  const loop = async () => {
    await round().catch(() => undefined);
    if (!stopped) timer = setTimeout(() => void loop(), checkEveryMs).unref();
  };
  void loop();

  return {
    get leading() {
      return leading;
    },
    confirm(): Promise<boolean> {
      confirming ??= inTurn(async () => {
        if (!leading || !client) return false;
        const current = client;
        try {
          await current.query('SELECT 1');
          return leading;
        } catch (error) {
          drop(current, error);
          return false;
        }
      }).finally(() => {
        confirming = undefined;
      });
      return confirming;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const current = client;
      client = undefined;
      leading = false;
      if (!current) return;
      // Closing the connection ends the transaction and frees the lock for another instance.
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([current.end().catch(() => undefined), new Promise((resolve) => (wait = setTimeout(resolve, STOP_WAIT_MS)))]);
      clearTimeout(wait);
    },
  };
}
