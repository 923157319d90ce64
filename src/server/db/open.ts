import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { createDatabase, type Database } from './client.js';
import { startEmbeddedPostgres } from './embedded.js';
import { prepareDatabase } from './migrate.js';

export interface OpenDatabase extends Database {
  /** Closes the pool and, when this process started it, stops the embedded server. */
  shutdown(): Promise<void>;
}

/**
 * The database the configuration names: DATABASE_URL when set, else the embedded
 * PostgreSQL in DATA_DIR/postgres (started here, or the one the server already runs).
 * Migrations and the board seed are applied before it is handed out.
 */
export async function openDatabase(
  config: Config,
  logger: Logger,
  { role }: { role: 'server' | 'cli' } = { role: 'server' },
): Promise<OpenDatabase> {
  let url = config.databaseUrl;
  let stopEmbedded = async () => {};
  if (!url) {
    const embedded = await startEmbeddedPostgres({
      clusterDir: path.join(config.dataDir, 'postgres'),
      adopt: role === 'server',
      log: (message) => logger.debug({ postgres: message }, 'embedded postgres'),
    });
    logger.info({ owned: embedded.owned }, 'embedded PostgreSQL ready');
    url = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const database = createDatabase(url, logger);
  try {
    await prepareDatabase(database.pool);
  } catch (error) {
    await database.close().catch(() => undefined);
    await stopEmbedded().catch(() => undefined);
    throw error;
  }
  return {
    ...database,
    async shutdown() {
      await database.close();
      await stopEmbedded();
    },
  };
}
