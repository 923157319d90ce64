import type { PgChannels } from './pg-channels.js';

/** After a failed load, the next try (callers fall back to their query meanwhile). */
const RETRY_MS = 1_000;

export interface NotifiedSnapshotOptions<T> {
  channels: Pick<PgChannels, 'subscribe' | 'listening'>;
  /** The channel a trigger NOTIFYs on after every change to the table. */
  channel: string;
  /** Reads the whole of what is kept (the table is small). */
  read: () => Promise<T>;
  log: { warn(object: object, message: string): void };
  /** What is kept, in the log's words ("the ban list"). */
  name: string;
}

/**
 * A small table's rows kept in memory by each instance (the ban list, the suspension
 * list), reloaded whole on its trigger's NOTIFY (any instance's change), on a listener
 * reset, and on this instance's own committed changes (`changed`, so they apply to its
 * very next request). `value` is undefined whenever it cannot be trusted (not listening,
 * or no load finished since the last change or reset): the caller then queries as it
 * would without it, so a lost listener never lets a stale answer through. One load in
 * flight and at most one queued: a burst of changes costs two loads.
 */
export function keepNotifiedSnapshot<T>({ channels, channel, read, log, name }: NotifiedSnapshotOptions<T>) {
  let kept: T | undefined;
  /** Bumped by every change or reset: a load started before it may have missed it. */
  let generation = 0;
  let loading: Promise<void> | undefined;
  let queued = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function load(): Promise<void> {
    const startedAt = generation;
    const next = await read();
    // Something changed while it ran: the load queued behind this one will see it.
    if (startedAt !== generation || closed) return;
    kept = next;
  }

  function reload(): void {
    if (closed) return;
    if (loading) {
      queued = true;
      return;
    }
    clearTimeout(retry);
    loading = load()
      .catch((error: unknown) => {
        log.warn({ err: error }, `could not load ${name}`);
        retry = setTimeout(reload, RETRY_MS);
        retry.unref();
      })
      .finally(() => {
        loading = undefined;
        if (queued) {
          queued = false;
          reload();
        }
      });
  }

  /** What was loaded may be out of date: not used until a load started after this lands. */
  function invalidate(): void {
    generation++;
    kept = undefined;
    reload();
  }

  const unsubscribe = channels.subscribe(channel, { message: invalidate, reset: invalidate });

  return {
    /** What is kept, when it can be trusted now; else undefined. */
    get value(): T | undefined {
      return channels.listening ? kept : undefined;
    },
    /** This instance changed the table (committed): the next request must see it, before the NOTIFY does. */
    changed: invalidate,
    close(): void {
      closed = true;
      clearTimeout(retry);
      unsubscribe();
    },
  };
}
