import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { isDatabaseUnavailable } from './availability.js';
import { createDatabase, type Database } from './client.js';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded.js';
import { prepareDatabase } from './migrate.js';
import { superviseEmbedded } from './supervisor.js';

export interface OpenDatabase extends Database {
  /** Closes the pool and, when this process started it, stops the embedded server. */
  shutdown(): Promise<void>;
}

/**
 * The database the configuration names: DATABASE_URL when set, else the embedded
 * PostgreSQL in DATA_DIR/postgres (started here, or the one the server already runs).
 * Migrations and the board seed are applied before it is handed out. The server keeps
 * its embedded PostgreSQL running: if it dies, it is started again (supervisor.ts).
 */
/** How long a starting server waits for its database to answer before giving up. */
const STARTUP_DEADLINE_MS = 30_000;

/**
 * Runs the start-up work, again while the database cannot be reached yet: a pool's
 * connections give up after a second (availability.ts), which a database that is
 * itself starting, or a machine busy building, can take longer than to answer.
 */
async function untilReachable(work: () => Promise<void>, logger: Logger): Promise<void> {
  const deadline = Date.now() + STARTUP_DEADLINE_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() >= deadline) throw error;
      if (attempt === 1) logger.info('waiting for the database to answer');
      await new Promise((resolve) => setTimeout(resolve, Math.min(250 * attempt, 2_000)));
    }
  }
}

export async function openDatabase(
  config: Config,
  logger: Logger,
  { role, prepare = true }: { role: 'server' | 'cli'; /** false: no migrations or seed (restore builds the schema itself). */ prepare?: boolean } = { role: 'server' },
): Promise<OpenDatabase> {
  let url = config.databaseUrl;
  let embedded: EmbeddedPostgres | undefined;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      clusterDir: path.join(config.dataDir, 'postgres'),
      adopt: role === 'server',
      log: (message) => logger.debug({ postgres: message }, 'embedded postgres'),
    });
    logger.info({ owned: embedded.owned }, 'embedded PostgreSQL ready');
    url = embedded.url;
  }
  const stopEmbedded = async () => embedded?.stop();
  const database = createDatabase(url, logger, { max: config.databasePoolSize, poolMode: config.databasePoolMode, directUrl: config.databaseDirectUrl });
  try {
    await untilReachable(async () => (prepare ? migrateDatabase(database, config.secret) : void (await database.pool.query('SELECT 1'))), logger);
    if (database.poolMode === 'transaction') await checkPooledSettings(database.pool, logger);
  } catch (error) {
    await database.close().catch(() => undefined);
    await stopEmbedded().catch(() => undefined);
    throw error;
  }
  const supervisor =
    embedded?.owned && role === 'server'
      ? superviseEmbedded(embedded, { info: (message) => logger.info(message), warn: (object, message) => logger.warn(object, message) }, (reason) =>
          database.watch.markDown(reason),
        )
      : undefined;
  return {
    ...database,
    async shutdown() {
      await supervisor?.stop();
      await database.close();
      await stopEmbedded();
    },
  };
}

/**
 * Migrations hold a session-level advisory lock from start to end, which a transaction
 * pooler would leave behind on whichever server connection ran it: they go through the
 * direct URL when there is one.
 */
export async function migrateDatabase(database: Pick<Database, 'pool' | 'poolMode' | 'directUrl'>, secret: string): Promise<void> {
  if (database.poolMode === 'session') return prepareDatabase(database.pool, { secret });
  const direct = new pg.Pool({ connectionString: database.directUrl, max: 1, application_name: 'hushboard-migrate', connectionTimeoutMillis: 5_000 });
  try {
    await prepareDatabase(direct, { secret });
  } finally {
    await direct.end();
  }
}

/**
 * Behind a transaction pooler the pool sends no session settings (db/client.ts), so the
 * limits that keep a frozen or abandoned query from holding a connection come from the
 * role or the database: say so at start when they are missing (README: Behind PgBouncer).
 */
async function checkPooledSettings(pool: pg.Pool, logger: Logger): Promise<void> {
  const { rows } = await pool.query<{ name: string; setting: string }>(
    "SELECT name, setting FROM pg_settings WHERE name IN ('statement_timeout', 'idle_in_transaction_session_timeout', 'client_connection_check_interval')",
  );
  const unset = rows.filter((row) => row.setting === '0').map((row) => row.name);
  if (unset.length > 0) {
    logger.warn(
      { unset },
      "DATABASE_POOL_MODE=transaction: set these on the database role, e.g. ALTER ROLE <role> SET statement_timeout = '10s' (and idle_in_transaction_session_timeout = '30s', client_connection_check_interval = '500ms')",
    );
  }
}
