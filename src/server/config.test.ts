import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'hushboard-config-'));

describe('loadConfig', () => {
  it('has the contract defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      trustProxy: false,
      rateLimit: true,
      paymentConfirmations: 1,
      usdtAddress: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      usdcAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      logLevel: 'info',
      databasePoolSize: 10,
      databasePoolMode: 'session',
      databaseDirectUrl: undefined,
      shutdownTimeout: 10,
    });
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_POOL_SIZE: '25', SHUTDOWN_TIMEOUT: '2.5' })).toMatchObject({ databasePoolSize: 25, shutdownTimeout: 2.5 });
  });

  it('schedules backups only with BACKUP_DIR or BACKUP_S3_PREFIX, every 24 hours keeping 7 unless told', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).backup).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), BACKUP_DIR: 'backups' }).backup).toEqual({ to: path.resolve('backups'), intervalHours: 24, keep: 7 });
    expect(loadConfig({ DATA_DIR: dataDir(), BACKUP_S3_PREFIX: 's3://board-backups/nightly', BACKUP_INTERVAL_HOURS: '6', BACKUP_KEEP: '28' }).backup).toEqual({
      to: 's3://board-backups/nightly',
      intervalHours: 6,
      keep: 28,
    });
    // A bucket for backups alone may name its store without S3_BUCKET (uploads stay on disk).
    const config = loadConfig({ DATA_DIR: dataDir(), BACKUP_S3_PREFIX: 's3://board-backups', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' });
    expect(config.s3).toBeUndefined();
    expect(config.s3Connection).toMatchObject({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true });
  });

  it.each([
    [{ BACKUP_DIR: '/b', BACKUP_S3_PREFIX: 's3://bucket' }, /^Invalid environment variable BACKUP_S3_PREFIX="s3:\/\/bucket": is set but so is BACKUP_DIR/],
    [{ BACKUP_S3_PREFIX: 'https://bucket/x' }, /^Invalid environment variable BACKUP_S3_PREFIX="https:\/\/bucket\/x": must be s3:\/\/bucket or s3:\/\/bucket\/prefix/],
    [{ BACKUP_KEEP: '3' }, /^Invalid environment variable BACKUP_KEEP="3": is set but neither BACKUP_DIR nor BACKUP_S3_PREFIX is$/],
    [{ BACKUP_DIR: '/b', BACKUP_KEEP: '0' }, /^Invalid environment variable BACKUP_KEEP="0": must be at least 1$/],
    [{ BACKUP_DIR: '/b', BACKUP_KEEP: '2.5' }, /^Invalid environment variable BACKUP_KEEP="2.5": must be a whole number$/],
    [{ BACKUP_DIR: '/b', BACKUP_INTERVAL_HOURS: 'daily' }, /^Invalid environment variable BACKUP_INTERVAL_HOURS="daily": must be a number of hours$/],
    [{ BACKUP_DIR: '/b', BACKUP_INTERVAL_HOURS: '0' }, /^Invalid environment variable BACKUP_INTERVAL_HOURS="0": must be at least 0.25 \(15 minutes\)$/],
  ])('stops on a wrong backup schedule: %o', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it('takes PgBouncer in transaction mode only with a direct URL beside it', () => {
    const database = { DATA_DIR: dataDir(), SECRET: 'a-secret-of-enough-length', DATABASE_URL: 'postgres://app@pgbouncer:6432/board' };
    expect(loadConfig({ ...database, DATABASE_POOL_MODE: 'transaction', DATABASE_DIRECT_URL: 'postgres://app@db:5432/board' })).toMatchObject({
      databasePoolMode: 'transaction',
      databaseDirectUrl: 'postgres://app@db:5432/board',
    });
    expect(() => loadConfig({ ...database, DATABASE_POOL_MODE: 'transaction' })).toThrow(/DATABASE_POOL_MODE="transaction": transaction needs DATABASE_DIRECT_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_DIRECT_URL: 'postgres://app@db:5432/board' })).toThrow(/DATABASE_DIRECT_URL=.*is set but DATABASE_URL is not/);
    expect(() => loadConfig({ ...database, DATABASE_POOL_MODE: 'statement' })).toThrow(/DATABASE_POOL_MODE="statement": must be session or transaction/);
  });

  it('demands proof of work under POW, never with RATE_LIMIT=off (CONTRACT.md section 1)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).pow).toBe('auto');
    expect(loadConfig({ DATA_DIR: dataDir(), POW: 'always' }).pow).toBe('always');
    expect(loadConfig({ DATA_DIR: dataDir(), POW: 'off' }).pow).toBe('off');
    expect(loadConfig({ DATA_DIR: dataDir(), POW: 'always', RATE_LIMIT: 'off' }).pow).toBe('off');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['RATE_LIMIT', 'maybe'],
    ['POW', 'sometimes'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['PAYMENT_ADDRESS', '0x123'],
    ['PAYMENT_CONFIRMATIONS', '0'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'sometimes'],
    ['SECRET', 'short'],
    ['REDIS_URL', 'localhost:6379'],
    ['DATABASE_POOL_SIZE', '0'],
    ['SHUTDOWN_TIMEOUT', 'soon'],
    ['S3_BUCKET', 'My_Bucket'],
    ['UPLOADS_PUBLIC_URL', 'cdn.example.com/uploads'],
    ['UPLOADS_PUBLIC_URL', 'https://cdn.example.com/uploads?v=1'],
    ['PUBLIC_URL', 'board.example'],
    ['PUBLIC_URL', 'ftp://board.example'],
    ['PUBLIC_URL', 'https://board.example/forum'],
    ['PUBLIC_URL', 'https://board.example/?x=1'],
    ['PUBLIC_URL', 'https://user:pass@board.example'],
    ['METRICS_TOKEN', 'short'],
    ['METRICS_TOKEN', 'has spaces in the middle of it'],
    ['METRICS_PORT', '0'],
    ['METRICS_PORT', 'nine'],
    ['METRICS_PORT', '3000'],
  ])('stops on %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(new RegExp(`^Invalid environment variable ${name}=`));
  });

  it('reads METRICS_TOKEN and METRICS_PORT, both unset by default, and never repeats a bad token', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).metrics).toEqual({ token: undefined, port: undefined });
    expect(loadConfig({ DATA_DIR: dir, METRICS_TOKEN: 'a-token-of-twenty-chars', METRICS_PORT: '9464' }).metrics).toEqual({ token: 'a-token-of-twenty-chars', port: 9464 });
    expect(() => loadConfig({ DATA_DIR: dir, METRICS_TOKEN: 'short secret' })).toThrow('METRICS_TOKEN=(hidden)');
  });

  it('reads TRUST_PROXY as a flag, a hop count or an address list', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('reads PUBLIC_URL as an origin alone, lower case, without a trailing slash or a default port', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).publicUrl).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://Board.Example/' }).publicUrl).toBe('https://board.example');
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://board.example:443' }).publicUrl).toBe('https://board.example');
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'http://127.0.0.1:3000' }).publicUrl).toBe('http://127.0.0.1:3000');
  });

  it('generates SECRET once and keeps it in DATA_DIR, readable by the owner only', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).secret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).secret).toBe(first);
    expect(readFileSync(path.join(dir, 'secret'), 'utf8').trim()).toBe(first);
    expect(statSync(path.join(dir, 'secret')).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dir, SECRET: 'an-explicit-secret-value' }).secret).toBe('an-explicit-secret-value');
  });

  it('stores uploads on disk unless S3_BUCKET is set, then reads the other S3 variables', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ s3: undefined, uploadsPublicUrl: undefined });
    expect(loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: 'hushboard-uploads' }).s3).toEqual({
      bucket: 'hushboard-uploads',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    const config = loadConfig({
      DATA_DIR: dataDir(),
      S3_BUCKET: 'uploads',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-west-3',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      UPLOADS_PUBLIC_URL: 'https://cdn.example.com/uploads/',
    });
    expect(config.s3).toEqual({
      bucket: 'uploads',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-3',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(config.uploadsPublicUrl).toBe('https://cdn.example.com/uploads');
  });

  it.each([
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /^Invalid environment variable S3_ENDPOINT="http:\/\/127\.0\.0\.1:9000": is set but S3_BUCKET \(or BACKUP_S3_PREFIX\) is not$/],
    [{ S3_BUCKET: 'uploads', S3_FORCE_PATH_STYLE: 'yes' }, /^Invalid environment variable S3_FORCE_PATH_STYLE="yes": must be true or false$/],
    [{ S3_BUCKET: 'uploads', S3_ENDPOINT: 'minio:9000' }, /^Invalid environment variable S3_ENDPOINT=/],
    [{ S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' }, /^Invalid environment variable S3_ACCESS_KEY_ID=\(hidden\): needs S3_SECRET_ACCESS_KEY too/],
    [{ S3_BUCKET: 'uploads', S3_SECRET_ACCESS_KEY: 'sssh' }, /^Invalid environment variable S3_SECRET_ACCESS_KEY=\(hidden\): needs S3_ACCESS_KEY_ID too/],
  ])('stops on a half or wrong S3 configuration: %o', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it('refuses to start with DATABASE_URL but no SECRET, naming SECRET and how to make one; nothing is written to DATA_DIR', () => {
    const dir = dataDir();
    const url = 'postgres://board@db.example.com/board';
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL: url })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL: url, SECRET: '  ' })).toThrow(/^SECRET is required when DATABASE_URL is set.*openssl rand -base64 32/);
    expect(existsSync(path.join(dir, 'secret'))).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: url, SECRET: 'an-explicit-secret-value' }).secret).toBe('an-explicit-secret-value');
    expect(existsSync(path.join(dir, 'secret'))).toBe(false);
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '', DATABASE_URL: ' ' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });
});
