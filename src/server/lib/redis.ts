import { Redis } from 'ioredis';

/** A command Redis has not answered within this has failed: a frozen Redis must not hold requests. */
const COMMAND_TIMEOUT_MS = 250;
/** While Redis is known down but still connected (it stopped answering), it is pinged this often. */
const RECHECK_MS = 500;

const CONNECTING = 'connecting';

interface RedisLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/**
 * The connection to REDIS_URL and whether it answers (CONTRACT.md section 1): users
 * ask `usable` before a command and fall back to what they do without Redis, and report
 * a failed command with `failed()`. ioredis reconnects by itself (every second at most
 * while Redis is gone); a Redis that still holds the connection but stopped answering is
 * pinged every RECHECK_MS until it answers again. Commands are never queued while
 * disconnected and time out after COMMAND_TIMEOUT_MS, so a request waits at most that
 * long on Redis, and only the first one after it went away.
 */
export class RedisLink {
  readonly client: Redis;
  readonly #log: RedisLog;
  /** Why Redis is not used now, or undefined while it is. */
  #down: string | undefined = CONNECTING;
  #recheck: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(url: string, log: RedisLog) {
    this.#log = log;
    this.client = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: 1_000,
      retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
    });
    this.client.on('ready', () => this.#markUp());
    this.client.on('error', (error: Error) => this.failed(error));
    this.client.on('close', () => this.failed(new Error('connection closed')));
  }

  /** Whether commands go to Redis now. */
  get usable(): boolean {
    return this.#down === undefined && this.client.status === 'ready';
  }

  /** Why Redis is not used now (undefined while it is). */
  get down(): string | undefined {
    return this.usable ? undefined : (this.#down ?? this.client.status);
  }

  /** A command failed (or the connection did): Redis is not used until it answers again. */
  failed(error: Error): void {
    if (this.#closed) return;
    if (this.#down === undefined || this.#down === CONNECTING) {
      this.#log.warn({ err: error }, 'redis unavailable: rate limits use this instance’s memory until it is back');
      this.#down = error.message;
    }
    // A live connection to a Redis that stopped answering gets no 'ready' event: ask it.
    if (this.client.status === 'ready' && !this.#recheck) {
      this.#recheck = setInterval(() => {
        if (this.client.status !== 'ready') return;
        this.client.ping().then(
          () => this.#markUp(),
          () => undefined,
        );
      }, RECHECK_MS).unref();
    }
  }

  /** Whether Redis answers PING within `ms` (at once false while known down). */
  async answersWithin(ms: number): Promise<boolean> {
    if (!this.usable) return false;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => (timer = setTimeout(resolve, ms, false)));
    const answered = this.client.ping().then(
      () => true,
      (error: Error) => {
        this.failed(error);
        return false;
      },
    );
    try {
      return await Promise.race([answered, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  close(): void {
    this.#closed = true;
    clearInterval(this.#recheck);
    this.client.disconnect();
  }

  #markUp(): void {
    clearInterval(this.#recheck);
    this.#recheck = undefined;
    if (this.#down === undefined) return;
    if (this.#down !== CONNECTING) this.#log.info({ reason: this.#down }, 'redis available again: rate limits are shared again');
    this.#down = undefined;
  }
}
