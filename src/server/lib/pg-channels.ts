import pg from 'pg';

/** What a subscriber of a PostgreSQL notification channel is told. */
export interface ChannelSubscriber {
  /** A notification's payload, in commit order. */
  message(payload: string): void;
  /**
   * The connection was lost or made again: notifications may have been missed, so
   * whatever the subscriber keeps on their strength (a cache) is no longer known good.
   */
  reset(): void;
}

export interface PgChannelsLog {
  warn(object: object, message: string): void;
}

const MAX_BACKOFF_MS = 5_000;

/**
 * One LISTEN connection per instance for the channels of in-memory state that other
 * instances' writes invalidate (the visitors' page cache, the ban list). It is made on
 * the first subscription, outside any pool (LISTEN needs its session: behind PgBouncer
 * this is DATABASE_DIRECT_URL), and made again with backoff when lost. `listening` is
 * true only while every subscribed channel is listened to; a subscriber must not trust
 * what it learned before its last reset, nor anything learned while not listening.
 */
export function createPgChannels({ connectionString, log }: { connectionString: string; log: PgChannelsLog }) {
  const subscribers = new Map<string, Set<ChannelSubscriber>>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let listening = false;
  let failures = 0;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  function resetAll() {
    for (const set of subscribers.values()) for (const subscriber of set) subscriber.reset();
  }

  function lost(from: pg.Client, error?: Error) {
    if (client !== from) return;
    client = undefined;
    listening = false;
    if (error) log.warn({ err: error }, 'notification listener lost its connection');
    from.end().catch(() => undefined);
    resetAll();
    if (!closed) scheduleRetry();
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString, keepAlive: true, application_name: 'hushboard-channels', connectionTimeoutMillis: 5_000 });
    next.on('notification', ({ channel, payload }) => {
      for (const subscriber of subscribers.get(channel) ?? []) subscriber.message(payload ?? '');
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      for (const channel of subscribers.keys()) await next.query(`LISTEN ${quoteChannel(channel)}`);
    } catch (error) {
      next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    listening = true;
    failures = 0;
    // Whatever subscribers kept from before this connection is of unknown age.
    resetAll();
  }

  function start() {
    if (closed || client || connecting) return;
    connecting = connect()
      .catch((error: unknown) => {
        failures++;
        log.warn({ err: error, failures }, 'notification listener could not connect');
        scheduleRetry();
      })
      .finally(() => {
        connecting = undefined;
      });
  }

  function scheduleRetry() {
    clearTimeout(retry);
    retry = setTimeout(start, Math.min(MAX_BACKOFF_MS, 250 * 2 ** failures));
    retry.unref();
  }

  return {
    /** Subscribes to a channel (listening from the next connection, or now); returns the unsubscribe. */
    subscribe(channel: string, subscriber: ChannelSubscriber): () => void {
      let set = subscribers.get(channel);
      if (!set) {
        subscribers.set(channel, (set = new Set()));
        if (client) {
          // Not listened to until this resolves: reported as not listening meanwhile.
          const current = client;
          listening = false;
          current.query(`LISTEN ${quoteChannel(channel)}`).then(
            () => {
              if (client === current) listening = true;
              subscriber.reset();
            },
            (error: Error) => lost(current, error),
          );
        }
      }
      set.add(subscriber);
      start();
      return () => {
        set.delete(subscriber);
      };
    },

    /** Whether every subscribed channel is listened to now. */
    get listening(): boolean {
      return listening;
    },

    /** Resolves once listening (or after the first attempt failed); for start-up and tests. */
    async ready(): Promise<void> {
      start();
      await connecting;
    },

    async close(): Promise<void> {
      closed = true;
      clearTimeout(retry);
      await connecting;
      const current = client;
      client = undefined;
      listening = false;
      await current?.end().catch(() => undefined);
    },
  };
}

export type PgChannels = ReturnType<typeof createPgChannels>;

/** Channel names are ours (constants), but LISTEN takes an identifier: quoted all the same. */
function quoteChannel(channel: string): string {
  return `"${channel.replaceAll('"', '""')}"`;
}
