import type { EmbeddedPostgres } from './embedded.js';

/** How often the postmaster's liveness is checked. */
const CHECK_EVERY_MS = 500;
/** Restart attempts back off from the first to the last delay, then keep trying at the last. */
const BACKOFF_MS = [0, 500, 1_000, 2_000, 5_000, 10_000];

export interface SupervisorLog {
  info(message: string): void;
  warn(object: object, message: string): void;
}

export interface Supervisor {
  /** Stops watching (a clean shutdown), after any restart under way has finished. */
  stop(): Promise<void>;
}

/**
 * Keeps the embedded PostgreSQL this server owns running (CONTRACT.md section 9): when
 * its postmaster dies (killed, crashed, stopped by hand), `onDown` is told at once and
 * it is started again on the same port, with backoff, until it runs. The pool then
 * reconnects by itself (db/availability.ts notices the database answering again).
 */
export function superviseEmbedded(embedded: EmbeddedPostgres, log: SupervisorLog, onDown: (reason: string) => void): Supervisor {
  let stopping = false;
  let restarting: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const restart = async () => {
    onDown('the embedded PostgreSQL stopped');
    for (let attempt = 1; !stopping; attempt++) {
      const delay = BACKOFF_MS[Math.min(attempt - 1, BACKOFF_MS.length - 1)]!;
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      if (stopping) return;
      // It may have come back meanwhile (someone started it by hand).
      if (await embedded.isRunning()) return;
      log.warn({ attempt }, `embedded PostgreSQL stopped unexpectedly; restarting (attempt ${attempt})`);
      try {
        await embedded.restart();
        log.info(`embedded PostgreSQL restarted (attempt ${attempt})`);
        return;
      } catch (error) {
        log.warn({ err: error, attempt }, 'embedded PostgreSQL could not be restarted; trying again');
      }
    }
  };

  const check = async () => {
    if (stopping) return;
    if (!(await embedded.isRunning()) && !stopping) {
      restarting = restart().finally(() => (restarting = undefined));
      await restarting;
    }
    if (!stopping) timer = setTimeout(() => void check(), CHECK_EVERY_MS).unref();
  };
  timer = setTimeout(() => void check(), CHECK_EVERY_MS).unref();

  return {
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await restarting;
    },
  };
}
