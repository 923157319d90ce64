import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirInUseError, type DataDirLock, lockDataDir } from './db/data-dir-lock.js';
import { openDatabase } from './db/open.js';
import { createLogger } from './lib/logger.js';
import { scheduledBackupJob } from './backup/index.js';
import { startJobs } from './jobs/index.js';

/** After SHUTDOWN_TIMEOUT has closed what was left, the pool and the database get this long to stop before the exit is forced. */
const SHUTDOWN_GRACE_MS = 15_000;

/**
 * Entry point: config, database, app, listen; then a graceful stop on SIGTERM/SIGINT.
 * `npm start` runs this in its own process (scripts/start.mjs, through `exec`), so the
 * signals npm forwards reach it.
 */
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
  // One server per DATA_DIR with the embedded database: a second one leaves the first alone.
  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) {
    try {
      lock = await lockDataDir(config.dataDir, config.port);
    } catch (error) {
      if (error instanceof DataDirInUseError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }
  const database = await openDatabase(config, logger).catch(async (error: unknown) => {
    await lock?.release();
    throw error;
  });
  const app = await buildApp({ config, database, logger });
  // Every instance asks; the one holding the jobs' advisory lock runs them (jobs/leader.ts).
  const backups = config.backup ? [scheduledBackupJob({ schedule: config.backup, config, connectionString: database.directUrl, logger })] : [];
  const jobs = startJobs({ db: database.db, logger, chains: app.chains, connectionString: database.directUrl, more: backups, metrics: app.metrics });

  let stoppingSince = 0;
  const stop = async (signal: string) => {
    if (stoppingSince) {
      // npm and the terminal both deliver one Ctrl+C: only a later, deliberate one forces the exit.
      if (Date.now() - stoppingSince < 1500) return;
      logger.warn('second signal: exiting without waiting');
      process.exit(1);
    }
    stoppingSince = Date.now();
    logger.info({ signal, timeout: config.shutdownTimeout }, 'shutting down');
    // Requests in flight get SHUTDOWN_TIMEOUT; then their connections, and the database
    // connections still working for them, are closed, and the shutdown goes on.
    const drainDeadline = setTimeout(() => {
      logger.warn({ timeout: config.shutdownTimeout }, 'shutdown timeout: closing the connections still open');
      app.server.closeAllConnections();
      database.watch.cutAll();
    }, config.shutdownTimeout * 1000);
    setTimeout(() => {
      logger.error('shutdown did not finish in time; exiting');
      process.exit(1);
    }, config.shutdownTimeout * 1000 + SHUTDOWN_GRACE_MS).unref();
    try {
      // Stops accepting, lets requests in flight finish; closing the jobs' connection frees their lock for another instance.
      await Promise.all([app.close(), jobs.stop()]);
      await database.shutdown();
      clearTimeout(drainDeadline);
      await lock?.release();
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
    const port = (app.server.address() as { port: number }).port;
    await lock?.setPort(port);
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    logger.info(`Hushboard is ready at http://${shownHost}:${port}`);
  } catch (error) {
    logger.error({ err: error }, 'could not listen');
    await app.close().catch(() => undefined);
    await database.shutdown().catch(() => undefined);
    await lock?.release();
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error('Hushboard could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
