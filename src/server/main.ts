import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/open.js';
import { createLogger } from './lib/logger.js';
import { startJobs } from './jobs/index.js';

/** Entry point: config, database, app, listen; then a graceful stop on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config, logger);
  const app = await buildApp({ config, database, logger });
  const jobs = startJobs({ db: database.db, logger, chains: app.chains });

  let stoppingSince = 0;
  const stop = async (signal: string) => {
    if (stoppingSince) {
      // npm and the terminal both deliver one Ctrl+C: only a later, deliberate one forces the exit.
      if (Date.now() - stoppingSince < 1500) return;
      logger.warn('second signal: exiting without waiting');
      process.exit(1);
    }
    stoppingSince = Date.now();
    logger.info({ signal }, 'shutting down');
    try {
      jobs.stop();
      await app.close(); // stops accepting, lets requests in flight finish
      await database.shutdown();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    logger.info(`Hushboard is ready at http://${shownHost}:${(app.server.address() as { port: number }).port}`);
  } catch (error) {
    logger.error({ err: error }, 'could not listen');
    await app.close().catch(() => undefined);
    await database.shutdown().catch(() => undefined);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error('Hushboard could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
