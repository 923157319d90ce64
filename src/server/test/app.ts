// Test harness: a fresh database cloned from the run's migrated template, the real
// app built on it, and a client that keeps cookies and the CSRF token like a browser.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { createDatabase, type Database } from '../db/client.js';
import { withDatabase } from './global-setup.js';

const silent = { warn() {} };

/** Creates an empty-but-migrated database for one test file and returns its URL. */
export async function createTestDatabaseUrl(): Promise<string> {
  const name = `${inject('runPrefix')}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('templateDatabase')}"`);
        break;
      } catch (error) {
        // Another file cloning the template at the same moment: try again shortly.
        if ((error as { code?: string }).code !== '55006' || attempt > 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  return withDatabase(inject('adminDatabaseUrl'), name);
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    dataDir: path.join(os.tmpdir(), 'hushboard-test-data'),
    secret: 'test-secret-that-is-long-enough',
    trustProxy: false,
    rateLimit: false,
    pow: 'off',
    ethRpcUrl: undefined,
    paymentAddress: undefined,
    paymentConfirmations: 1,
    usdtAddress: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    usdcAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    polygonRpcUrl: undefined,
    redisUrl: undefined,
    logLevel: 'silent',
    databasePoolSize: 10,
    databasePoolMode: 'session',
    databaseDirectUrl: undefined,
    shutdownTimeout: 10,
    s3: undefined,
    uploadsPublicUrl: undefined,
    publicUrl: undefined,
    s3Connection: { endpoint: undefined, region: 'us-east-1', credentials: undefined, forcePathStyle: false },
    backup: undefined,
    metrics: { token: undefined, port: undefined },
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  url: string;
  /** A new browser-like client with its own cookie jar. */
  client(options?: { ip?: string }): TestClient;
}

/**
 * Builds the app on a fresh database before the file's tests and tears it down after.
 * Call at the top level of a test file; the returned object is filled in beforeAll.
 * `config` may be a function, for values known only once an earlier beforeAll ran.
 */
export function useTestApp(options: { config?: Partial<Config> | (() => Partial<Config>) } = {}): TestApp {
  const context = {} as TestApp;
  beforeAll(async () => {
    context.url = await createTestDatabaseUrl();
    context.database = createDatabase(context.url, silent);
    // A function is read here, after the file's earlier beforeAll hooks (a server they started).
    const overrides = typeof options.config === 'function' ? options.config() : options.config;
    context.app = await buildApp({ config: testConfig(overrides), database: context.database });
    await context.app.ready();
    context.client = (clientOptions) => new TestClient(context.app, clientOptions?.ip);
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
  });
  return context;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Keeps cookies and the latest X-CSRF-Token like the web app does, and sends it back. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  csrfToken: string | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly ip = '127.0.0.1',
  ) {}

  async request(
    method: Method,
    url: string,
    options: { body?: unknown; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<LightMyRequestResponse> {
    const unsafe = method !== 'GET';
    if (unsafe && options.csrf !== false && !this.csrfToken) await this.request('GET', '/api/user');
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (unsafe && options.csrf !== false && this.csrfToken) headers['x-csrf-token'] = this.csrfToken;
    const injectOptions: InjectOptions = { method, url, headers, remoteAddress: this.ip };
    if (options.body !== undefined) injectOptions.payload = options.body as InjectOptions['payload'];
    const response = await this.app.inject(injectOptions);
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    const token = response.headers['x-csrf-token'];
    if (typeof token === 'string') this.csrfToken = token;
    return response;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, headers ? { headers } : {});
  }
  post(url: string, body?: unknown, options: { headers?: Record<string, string>; csrf?: boolean } = {}) {
    return this.request('POST', url, { ...options, body });
  }
  patch(url: string, body?: unknown) {
    return this.request('PATCH', url, { body });
  }
  delete(url: string) {
    return this.request('DELETE', url);
  }

  /**
   * A multipart form post, as the web app sends threads and replies: fields, an
   * optional image, and the CSRF token as a `_csrf` form field.
   */
  async postForm(url: string, fields: Record<string, string>, image?: { data: Buffer; fileName: string; type?: string }) {
    if (!this.csrfToken) await this.request('GET', '/api/user');
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('_csrf', this.csrfToken ?? '');
    if (image) form.append('image', new Blob([new Uint8Array(image.data)], { type: image.type ?? 'application/octet-stream' }), image.fileName);
    return this.request('POST', url, { body: form, csrf: false });
  }

  /** Registers and stays signed in; returns the created user. */
  async register(username: string, password = 'password1', extra: Record<string, unknown> = {}) {
    const response = await this.post('/api/register', { username, password, ...extra });
    if (response.statusCode !== 201) throw new Error(`register ${username} failed: ${response.statusCode} ${response.body}`);
    return response.json() as { id: number; username: string };
  }

  async login(username: string, password = 'password1') {
    return this.post('/api/login', { username, password });
  }
}
