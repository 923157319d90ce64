import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Mainnet token contracts whose Transfer logs prove USDT and USDC payments by default. */
const MAINNET_USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const MAINNET_USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address of 40 hex digits');
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`)
    .optional();

/** TRUST_PROXY: true/false, a hop count, or a comma-separated list of addresses and CIDRs. */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): boolean | number | string[] => {
    if (value === undefined || value === '' || value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value);
    const list = value.split(',').map((part) => part.trim()).filter(Boolean);
    if (list.every((part) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(part))) return list;
    ctx.addIssue({ code: 'custom', message: 'must be true, false, a hop count or a list of addresses/CIDRs' });
    return z.NEVER;
  });

/** S3's bucket naming rules (3-63 characters; what MinIO, R2 and Ceph accept too). */
const bucketName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3-63 lowercase letters, digits, dots and hyphens');

/** A prefix that image names are appended to: no query or fragment, which the name would end up inside. */
const publicUrlPrefix = z
  .string()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.search === '' && url.hash === '';
    } catch {
      return false;
    }
  }, 'must be an http:// or https:// URL without a query or fragment')
  .transform((value) => value.replace(/\/+$/, ''))
  .optional();

/**
 * The board's public origin (PUBLIC_URL): scheme, host and port, nothing after them, since
 * the app serves every page from its root. Kept as the origin alone (no trailing slash).
 */
const publicOrigin = z
  .string()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '' && url.pathname === '/' && url.search === '' && url.hash === '' && !value.includes('?') && !value.includes('#');
    } catch {
      return false;
    }
  }, 'must be the board\'s origin, http:// or https:// and a host (and port), e.g. https://board.example, with no path, query or fragment')
  .transform((value) => new URL(value).origin)
  .optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  DATA_DIR: z.string().min(1).default('./data'),
  SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  TRUST_PROXY: trustProxy,
  RATE_LIMIT: z.enum(['on', 'off']).default('on'),
  POW: z.enum(['auto', 'always', 'off'], { message: 'must be auto, always or off' }).default('auto'),
  ETH_RPC_URL: optionalUrl(['http:', 'https:', 'ws:', 'wss:']),
  PAYMENT_ADDRESS: evmAddress.optional(),
  PAYMENT_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(1),
  USDT_ADDRESS: evmAddress.default(MAINNET_USDT),
  USDC_ADDRESS: evmAddress.default(MAINNET_USDC),
  POLYGON_RPC_URL: optionalUrl(['http:', 'https:', 'ws:', 'wss:']),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1, 'must be at least 1').max(1000).default(10),
  DATABASE_POOL_MODE: z.enum(['session', 'transaction'], { message: 'must be session or transaction' }).default('session'),
  DATABASE_DIRECT_URL: optionalUrl(['postgres:', 'postgresql:']),
  SHUTDOWN_TIMEOUT: z.coerce.number().min(0, 'must be a number of seconds, 0 or more').max(3600).default(10),
  S3_BUCKET: bucketName.optional(),
  S3_ENDPOINT: optionalUrl(['http:', 'https:']),
  S3_REGION: z.string().regex(/^[a-z0-9-]{1,64}$/, 'must be a region name such as us-east-1').default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { message: 'must be true or false' }).default('false'),
  UPLOADS_PUBLIC_URL: publicUrlPrefix,
  PUBLIC_URL: publicOrigin,
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_S3_PREFIX: z
    .string()
    .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/, 'must be s3://bucket or s3://bucket/prefix (a bucket name: 3-63 lowercase letters, digits, dots and hyphens)')
    .optional(),
  BACKUP_INTERVAL_HOURS: z.coerce.number({ message: 'must be a number of hours' }).min(0.25, 'must be at least 0.25 (15 minutes)').max(24 * 366).default(24),
  BACKUP_KEEP: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(10_000).default(7),
  // A bearer token that travels in a header: printable ASCII without spaces, long enough not to be guessed.
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters, e.g. METRICS_TOKEN=$(openssl rand -hex 32)')
    .max(256, 'must be at most 256 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional(),
  METRICS_PORT: z.coerce
    .number({ message: 'must be a port number (1-65535)' })
    .int('must be a port number (1-65535)')
    .min(1, 'must be a port number (1-65535)')
    .max(65535, 'must be a port number (1-65535)')
    .optional(),
});

/** The S3_* variables that mean nothing without S3_BUCKET. */
const S3_OPTIONS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;

/** Where uploads go when S3_BUCKET is set (CONTRACT.md section 1). */
export interface S3Config {
  bucket: string;
  /** Unset: AWS itself. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the AWS SDK's default credential chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  secret: string;
  trustProxy: boolean | number | string[];
  rateLimit: boolean;
  /** Proof-of-work demands (CONTRACT.md section 11): off whenever RATE_LIMIT=off. */
  pow: 'auto' | 'always' | 'off';
  ethRpcUrl: string | undefined;
  paymentAddress: string | undefined;
  paymentConfirmations: number;
  usdtAddress: string;
  usdcAddress: string;
  polygonRpcUrl: string | undefined;
  redisUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Connections in the pool of this instance. */
  databasePoolSize: number;
  /**
   * How DATABASE_URL pools connections: `session` (PostgreSQL itself, or a session-mode
   * pooler) or `transaction` (PgBouncer in transaction mode: no named prepared statements
   * and no session settings in the startup packet; db/client.ts).
   */
  databasePoolMode: 'session' | 'transaction';
  /**
   * A connection that keeps its session (PostgreSQL itself, or a session-mode pooler), for
   * what a transaction pooler cannot carry: LISTEN, the migration lock, the jobs' lock.
   * Unset: DATABASE_URL.
   */
  databaseDirectUrl: string | undefined;
  /** Seconds a SIGTERM waits for requests in flight before closing them. */
  shutdownTimeout: number;
  /** Set: uploads live in this bucket; unset: under DATA_DIR/uploads. */
  s3: S3Config | undefined;
  /** Set: image URLs are built on this prefix (no trailing slash); unset: the app serves /uploads/ itself. */
  uploadsPublicUrl: string | undefined;
  /**
   * The board's public origin (`https://board.example`, no trailing slash): every absolute
   * URL the server writes uses it. Unset: the request's own, and never in a response a shared
   * cache may keep (lib/site-origin.ts).
   */
  publicUrl: string | undefined;
  /**
   * Who may read GET /metrics (CONTRACT.md sections 1 and 18): with a token, anyone sending
   * `Authorization: Bearer <token>` on the main port; with a port, anyone on that loopback-only
   * listener. Neither: /metrics answers 404.
   */
  metrics: { token: string | undefined; port: number | undefined };
  /** How S3_* reach a store, for backups to s3:// (with or without S3_BUCKET). */
  s3Connection: Omit<S3Config, 'bucket'>;
  /** Scheduled backups (CONTRACT.md sections 1 and 18); unset: none run. */
  backup: BackupSchedule | undefined;
}

/** Where and how often scheduled backups go (BACKUP_*; src/server/backup). */
export interface BackupSchedule {
  /** A folder (BACKUP_DIR, absolute) or `s3://bucket/prefix` (BACKUP_S3_PREFIX). */
  to: string;
  intervalHours: number;
  keep: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const MISSING_SECRET =
  'SECRET is required when DATABASE_URL is set: give every instance of the board the same one, ' +
  'at least 16 random characters, e.g. SECRET=$(openssl rand -base64 32) ' +
  `or SECRET=$(node -e "console.log(require('crypto').randomBytes(32).toString('base64url'))")`;

/**
 * Reads the environment once (CONTRACT.md section 1). Blank values count as unset,
 * so `PORT= npm start` behaves like no PORT at all. A bad value throws a
 * ConfigError naming the variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, env[key]?.trim() ? env[key]?.trim() : undefined]),
  );
  const parsed = envSchema.superRefine((e, ctx) => {
    // A half-configured bucket would silently store uploads on disk: say so instead.
    if (e.S3_BUCKET === undefined && e.BACKUP_S3_PREFIX === undefined) {
      for (const name of S3_OPTIONS) {
        if (raw[name] !== undefined) ctx.addIssue({ code: 'custom', path: [name], message: 'is set but S3_BUCKET (or BACKUP_S3_PREFIX) is not' });
      }
    }
    if (e.DATABASE_DIRECT_URL !== undefined && e.DATABASE_URL === undefined) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_DIRECT_URL'], message: 'is set but DATABASE_URL is not' });
    }
    // LISTEN through a transaction pooler silently hears nothing: refuse rather than lose live updates.
    if (e.DATABASE_POOL_MODE === 'transaction' && e.DATABASE_DIRECT_URL === undefined) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_POOL_MODE'], message: 'transaction needs DATABASE_DIRECT_URL too (a direct or session-mode connection for LISTEN and the advisory locks)' });
    }
    if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
      const missing = e.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
      const given = missing === 'S3_ACCESS_KEY_ID' ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      ctx.addIssue({ code: 'custom', path: [given], message: `needs ${missing} too (or neither, for the AWS SDK's default credentials)` });
    }
    if (e.BACKUP_DIR !== undefined && e.BACKUP_S3_PREFIX !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['BACKUP_S3_PREFIX'], message: 'is set but so is BACKUP_DIR: choose one place for scheduled backups' });
    }
    if (e.BACKUP_DIR === undefined && e.BACKUP_S3_PREFIX === undefined) {
      for (const name of ['BACKUP_INTERVAL_HOURS', 'BACKUP_KEEP'] as const) {
        if (raw[name] !== undefined) ctx.addIssue({ code: 'custom', path: [name], message: 'is set but neither BACKUP_DIR nor BACKUP_S3_PREFIX is' });
      }
    }
  }).safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      // Credentials are secrets: never repeated in a start error.
      const shown = name === 'S3_SECRET_ACCESS_KEY' || name === 'S3_ACCESS_KEY_ID' || name === 'METRICS_TOKEN' ? '(hidden)' : JSON.stringify(raw[name]);
      return `${name}=${shown}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid environment variable ${lines.join('; ')}`);
  }
  const e = parsed.data;
  const s3Connection = {
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID !== undefined && e.S3_SECRET_ACCESS_KEY !== undefined
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
  };
  const dataDir = path.resolve(e.DATA_DIR);
  // Instances sharing a database must share the secret too (sessions, CSRF tokens, IP
  // hashes), and a secret kept in that database would leak with any dump of it: with
  // DATABASE_URL the operator provides it (CONTRACT.md section 1).
  if (e.DATABASE_URL && !e.SECRET) throw new ConfigError(MISSING_SECRET);
  // The metrics listener is loopback-only and asks for no token: it cannot share the public port.
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(`Invalid environment variable METRICS_PORT=${e.METRICS_PORT}: must differ from PORT (the metrics listener is a second, loopback-only one)`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    secret: e.SECRET ?? loadOrCreateSecret(dataDir),
    trustProxy: e.TRUST_PROXY,
    rateLimit: e.RATE_LIMIT === 'on',
    // Tests and benchmarks run with RATE_LIMIT=off: no limit, and no work demanded either.
    pow: e.RATE_LIMIT === 'on' ? e.POW : 'off',
    ethRpcUrl: e.ETH_RPC_URL,
    paymentAddress: e.PAYMENT_ADDRESS,
    paymentConfirmations: e.PAYMENT_CONFIRMATIONS,
    usdtAddress: e.USDT_ADDRESS,
    usdcAddress: e.USDC_ADDRESS,
    polygonRpcUrl: e.POLYGON_RPC_URL,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databasePoolMode: e.DATABASE_POOL_MODE,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    shutdownTimeout: e.SHUTDOWN_TIMEOUT,
    s3: e.S3_BUCKET === undefined ? undefined : { bucket: e.S3_BUCKET, ...s3Connection },
    s3Connection,
    uploadsPublicUrl: e.UPLOADS_PUBLIC_URL,
    publicUrl: e.PUBLIC_URL,
    backup:
      e.BACKUP_DIR === undefined && e.BACKUP_S3_PREFIX === undefined
        ? undefined
        : { to: e.BACKUP_S3_PREFIX ?? path.resolve(e.BACKUP_DIR ?? ''), intervalHours: e.BACKUP_INTERVAL_HOURS, keep: e.BACKUP_KEEP },
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
  };
}

/** The generated SECRET lives in DATA_DIR/secret so sessions and IP hashes survive restarts. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    // 'wx' fails if another process (the CLI, a second instance) created it first.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
}
