import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
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
export async function openDatabase(
  config: Config,
  logger: Logger,
  { role }: { role: 'server' | 'cli' } = { role: 'server' },
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
  const database = createDatabase(url, logger, { max: config.databasePoolSize });
  try {
    await prepareDatabase(database.pool);
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
