// Two instances tested as one (CONTRACT.md sections 9 and 10): PostgreSQL, a
// redis-server and an S3-protocol server of the test's own, and TWO built servers
// (dist/server/main.js) with the same DATABASE_URL, SECRET, REDIS_URL, S3_* and
// TRUST_PROXY. Everything is checked over real HTTP from the outside: what is made
// through A must hold on B. Clients tell themselves apart by X-Forwarded-For (the
// instances trust it), so the rate limits and bans of one never touch another.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded.js';
import { projectRoot } from './lib/paths.js';
import { freePort, killStarted, pollUntil, type ServerProcess, startServer, tempDir, waitReady } from './test/processes.js';
import { REDIS_MISSING, redisServerBinary, startTestRedis, type TestRedis } from './test/redis.js';
import { useTestBucket } from './test/s3.js';

/** The system PostgreSQL CI runs (.ci/run); without it, an embedded one in a temp folder. */
const ADMIN_URL = process.env.CI_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The background jobs' advisory lock (src/server/jobs/leader.ts). */
const JOBS_LOCK = 7_316_043;
const LEADING = 'this instance runs the background jobs';
const NOT_LEADING = 'this instance no longer runs the background jobs';
/** CONTRACT.md section 10: an event reaches watchers on every instance within one second. */
const EVENT_WITHIN_MS = 1_000;

const bucket = useTestBucket('hushboard-cluster');

let embedded: EmbeddedPostgres | undefined;
let adminUrl = ADMIN_URL;
let databaseName = '';
let databaseUrl = '';
let redis: TestRedis | undefined;
let a: ServerProcess;
let b: ServerProcess;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh database: on the system PostgreSQL when it answers, else on an embedded one. */
async function createDatabase(): Promise<void> {
  databaseName = `hushboard_cluster_${Date.now()}_${process.pid}`;
  try {
    await withClient(adminUrl, (client) => client.query(`CREATE DATABASE "${databaseName}"`));
  } catch (error) {
    console.log(`no PostgreSQL at ${ADMIN_URL} (${(error as Error).message}): an embedded one instead`);
    embedded = await startEmbeddedPostgres({ clusterDir: `${tempDir('hushboard-cluster-pg-')}/postgres`, settings: { fsync: 'off' } });
    adminUrl = embedded.url;
    await withClient(adminUrl, (client) => client.query(`CREATE DATABASE "${databaseName}"`));
  }
  const parsed = new URL(adminUrl);
  parsed.pathname = `/${databaseName}`;
  databaseUrl = parsed.toString();
}

/** What every instance shares (CONTRACT.md section 9), each on its own port and DATA_DIR. */
function sharedEnv(): NodeJS.ProcessEnv {
  const { config } = bucket;
  return {
    DATABASE_URL: databaseUrl,
    SECRET: secret,
    REDIS_URL: redis!.url,
    TRUST_PROXY: 'true',
    RATE_LIMIT: 'on',
    S3_BUCKET: config.bucket,
    S3_ENDPOINT: config.endpoint!,
    S3_REGION: config.region,
    S3_ACCESS_KEY_ID: config.credentials!.accessKeyId,
    S3_SECRET_ACCESS_KEY: config.credentials!.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}
const secret = randomBytes(32).toString('base64url');

beforeAll(async () => {
  if (!redisServerBinary) return;
  redis = await startTestRedis();
  await createDatabase();
  // One after the other: the first applies the migrations (under their advisory lock).
  a = startServer({ dataDir: tempDir('hushboard-cluster-a-'), port: await freePort(), env: sharedEnv() });
  await waitReady(a);
  b = startServer({ dataDir: tempDir('hushboard-cluster-b-'), port: await freePort(), env: sharedEnv() });
  await waitReady(b);
}, 180_000);

afterAll(async () => {
  await killStarted();
  await redis?.close();
  if (databaseName) {
    await withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`)).catch((error: unknown) => console.log(`could not drop ${databaseName}: ${(error as Error).message}`));
  }
  await embedded?.stop();
});

let nextAddress = 10;
/**
 * A browser of its own address: a cookie jar and the CSRF token of the latest response,
 * sent to whichever instance a call names. So it works whether the CSRF cookie comes
 * with the first GET or with the first unsafe request.
 */
function browser() {
  const address = `198.51.100.${nextAddress++}`;
  const cookies = new Map<string, string>();
  let csrf = '';
  const absorb = (response: Response) => {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, ...value] = pair!.split('=');
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(header)) cookies.delete(name!);
      else cookies.set(name!, value.join('='));
    }
    csrf = response.headers.get('x-csrf-token') ?? csrf;
  };
  const headers = (extra: Record<string, string> = {}) => ({
    'x-forwarded-for': address,
    ...(cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
    ...extra,
  });
  const send = async (server: ServerProcess, method: string, url: string, body?: unknown) => {
    if (method !== 'GET' && !csrf) absorb(await fetch(`${server.base}/api/user`, { headers: headers(), signal: AbortSignal.timeout(10_000) }));
    const form = body instanceof FormData;
    const response = await fetch(`${server.base}${url}`, {
      method,
      headers: headers({
        ...(method !== 'GET' ? { 'x-csrf-token': csrf } : {}),
        ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
      }),
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    absorb(response);
    return response;
  };
  return { address, send, headers, cookieNames: () => [...cookies.keys()] };
}
type Browser = ReturnType<typeof browser>;

async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function signUp(server: ServerProcess, who = browser()): Promise<Browser> {
  const username = `u${randomBytes(5).toString('hex')}`;
  await json(await who.send(server, 'POST', '/api/register', { username, password: 'cluster-pass-1' }), 201);
  return who;
}

let boardId: number | undefined;
async function startThread(server: ServerProcess, who: Browser, title = 'Two instances, one board'): Promise<number> {
  boardId ??= (await json<{ id: number }[]>(await fetch(`${server.base}/api/boards`), 200))[0]!.id;
  const thread = await json<{ id: number }>(await who.send(server, 'POST', '/api/threads', { boardId, title, content: 'Started here, seen there.' }), 201);
  return thread.id;
}

interface SseMessage {
  id?: string;
  event?: string;
  data?: string;
  at: number;
}

/** An EventSource over node:http with a socket of its own: the messages, each with when it arrived. */
async function watch(server: ServerProcess, query: string, headers: Record<string, string> = {}) {
  const request = http.get(`${server.base}/api/events${query}`, { headers, agent: false });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve).once('error', reject);
    setTimeout(() => reject(new Error('the stream did not answer within 5 s')), 5_000).unref();
  });
  expect(response.statusCode).toBe(200);
  const messages: SseMessage[] = [];
  let firstId: string | undefined;
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const message: SseMessage = { at: performance.now() };
      for (const line of block.split('\n')) {
        if (line.startsWith('id: ')) message.id = line.slice(4);
        else if (line.startsWith('event: ')) message.event = line.slice(7);
        else if (line.startsWith('data: ')) message.data = line.slice(6);
      }
      firstId ??= message.id;
      if (message.data !== undefined) messages.push(message);
    }
  });
  response.on('error', () => undefined);
  // The head (retry and the id to resume from) is written once the stream is registered.
  await pollUntil(() => firstId !== undefined, 5_000, () => 'the stream sent no head within 5 s', 10);
  return {
    firstId: () => firstId!,
    next: async (event: string, match: (data: Record<string, unknown>) => boolean, timeoutMs = 5_000) => {
      let found: SseMessage | undefined;
      await pollUntil(
        () => (found = messages.find((m) => m.event === event && match(JSON.parse(m.data!) as Record<string, unknown>))) !== undefined,
        timeoutMs,
        () => `no ${event} event within ${timeoutMs} ms; got ${JSON.stringify(messages)}`,
        5,
      );
      return found!;
    },
    close: () => request.destroy(),
  };
}

const picture = () =>
  sharp({ create: { width: 64, height: 40, channels: 3, background: { r: 17, g: (Date.now() % 200) + 20, b: 99 } } })
    .png()
    .toBuffer();

const fetchBytes = async (url: string) => {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
};

describe.skipIf(!redisServerBinary)('two instances, one board', () => {
  it('a session and CSRF token made on A work on B', async () => {
    const user = await signUp(a);
    expect(user.cookieNames()).toContain('hb_session');
    // A fresh login on A, then the same cookies and token, unchanged, on B.
    const username = (await json<{ username: string }>(await user.send(a, 'GET', '/api/user'), 200)).username;
    expect((await user.send(a, 'POST', '/api/logout')).status).toBe(204);
    expect(user.cookieNames()).not.toContain('hb_session');
    await json(await user.send(a, 'POST', '/api/login', { username, password: 'cluster-pass-1' }), 200);
    expect((await json<{ username: string }>(await user.send(b, 'GET', '/api/user'), 200)).username).toBe(username);
    const threadId = await startThread(b, user, 'Posted on B with A’s session');
    const seen = await json<{ title: string; isOwn: boolean }>(await user.send(a, 'GET', `/api/threads/${threadId}`), 200);
    expect(seen).toMatchObject({ title: 'Posted on B with A’s session', isOwn: true });
  });

  it('an image uploaded via A loads via B (the same bytes, and its thumbnail); deleted on B, A answers 404', async () => {
    const user = await signUp(a);
    boardId ??= (await json<{ id: number }[]>(await fetch(`${a.base}/api/boards`), 200))[0]!.id;
    const form = new FormData();
    form.set('boardId', String(boardId));
    form.set('title', 'A picture through A');
    form.set('content', 'Stored in the bucket');
    form.set('image', new Blob([new Uint8Array(await picture())], { type: 'image/png' }), 'cluster.png');
    const thread = await json<{ id: number; imageUrl: string; thumbnailUrl: string }>(await user.send(a, 'POST', '/api/threads', form), 201);
    expect(thread.imageUrl).toMatch(/^\/uploads\//);

    for (const url of [thread.imageUrl, thread.thumbnailUrl]) {
      const [viaA, viaB] = await Promise.all([fetchBytes(`${a.base}${url}`), fetchBytes(`${b.base}${url}`)]);
      expect(viaB.status).toBe(200);
      expect(viaB.bytes.length).toBeGreaterThan(0);
      expect(viaB.bytes.equals(viaA.bytes)).toBe(true);
      expect(viaB.type).toBe(viaA.type);
    }
    expect((await fetchBytes(`${b.base}${thread.thumbnailUrl}`)).type).toBe('image/webp');
    expect(await bucket.keys()).toEqual(expect.arrayContaining([thread.imageUrl.split('/').pop(), thread.thumbnailUrl.split('/').pop()]));

    expect((await user.send(b, 'DELETE', `/api/threads/${thread.id}`)).status).toBe(204);
    // The release runs after the deletion commits (a moment later): bounded wait.
    for (const url of [thread.imageUrl, thread.thumbnailUrl]) {
      await pollUntil(async () => (await fetchBytes(`${a.base}${url}`)).status === 404, 5_000, () => `${url} still served by A after its deletion on B`, 100);
    }
  });

  it('a reply posted on A reaches a watcher on B within one second of its 201', async () => {
    const user = await signUp(a);
    const threadId = await startThread(a, user);
    const watcher = await watch(b, `?thread=${threadId}`);
    try {
      const response = await user.send(a, 'POST', '/api/posts', { threadId, content: 'Across LISTEN/NOTIFY' });
      const created = performance.now();
      const reply = await json<{ id: number }>(response, 201);
      const event = await watcher.next('post', (data) => data.postId === reply.id);
      const ms = Math.round(event.at - created);
      console.log(`reply on A -> post event on B: ${ms} ms after the 201`);
      expect(JSON.parse(event.data!)).toEqual({ threadId, postId: reply.id });
      expect(ms).toBeLessThanOrEqual(EVENT_WITHIN_MS);
    } finally {
      watcher.close();
    }
  });

  it('a watcher on B resumes with Last-Event-ID after missing a reply posted on A', async () => {
    const user = await signUp(a);
    const threadId = await startThread(a, user);
    const first = await watch(b, `?thread=${threadId}`);
    const resumeFrom = first.firstId();
    first.close();
    const missed = await json<{ id: number }>(await user.send(a, 'POST', '/api/posts', { threadId, content: 'Posted while nobody watched' }), 201);
    const resumed = await watch(b, `?thread=${threadId}`, { 'last-event-id': resumeFrom });
    try {
      const event = await resumed.next('post', (data) => data.postId === missed.id, 2_000);
      expect(Number(event.id)).toBeGreaterThan(Number(resumeFrom));
      expect(JSON.parse(event.data!)).toEqual({ threadId, postId: missed.id });
    } finally {
      resumed.close();
    }
  });

  it('an ip ban made by an admin on A refuses a post on B (403)', async () => {
    const spammer = await signUp(a);
    const threadId = await startThread(a, spammer, 'Spam');
    const admin = browser();
    const adminName = `admin${randomBytes(4).toString('hex')}`;
    // The operator's own command (CONTRACT.md section 1), on the shared database.
    const cli = spawn(process.execPath, ['dist/server/cli.js', 'create-admin', adminName], { cwd: projectRoot, env: { ...process.env, ...sharedEnv(), DATA_DIR: tempDir('hushboard-cluster-cli-') }, stdio: ['pipe', 'pipe', 'pipe'] });
    let cliOutput = '';
    cli.stdout.on('data', (chunk) => (cliOutput += chunk));
    cli.stderr.on('data', (chunk) => (cliOutput += chunk));
    cli.stdin.end('cluster-admin-pass\n');
    const code = await Promise.race([new Promise((resolve) => cli.once('exit', resolve)), new Promise((resolve) => setTimeout(() => resolve('timeout'), 30_000))]);
    if (code === 'timeout') cli.kill('SIGKILL');
    expect(code, cliOutput).toBe(0);
    await json(await admin.send(a, 'POST', '/api/login', { username: adminName, password: 'cluster-admin-pass' }), 200);

    const { hashes } = await json<{ hashes: { ipHash: string; threadAuthored: boolean }[] }>(await admin.send(a, 'GET', `/api/moderation/threads/${threadId}/ip-hashes`), 200);
    const spammerHash = hashes.find((entry) => entry.threadAuthored)!.ipHash;
    await json(await admin.send(a, 'POST', '/api/moderation/ban-ip', { ipHash: spammerHash, reason: 'spam' }), 201);

    const refused = await spammer.send(b, 'POST', '/api/posts', { threadId, content: 'Still here?' });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe('You are banned: spam');
    // The admin, from another address, still posts on B.
    expect((await admin.send(b, 'POST', '/api/posts', { threadId, content: 'Not you' })).status).toBe(201);
  });

  it('a rate limit exhausted on A holds on B (429 with Retry-After)', async () => {
    // register is the tightest limit (5 in 10 minutes); a refused form counts like any other.
    const client = browser();
    for (let i = 0; i < 5; i++) expect((await client.send(a, 'POST', '/api/register', { username: 'x', password: 'short' })).status).toBe(400);
    const limited = await client.send(b, 'POST', '/api/register', { username: 'x', password: 'short' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone else, on either instance, is not limited.
    expect((await browser().send(b, 'POST', '/api/register', { username: 'x', password: 'short' })).status).toBe(400);
  });

  it('background jobs run on exactly one instance, and move to the other when it is killed (SIGKILL)', async () => {
    const lockHolders = () =>
      withClient(databaseUrl, async (client) =>
        Number(
          (
            await client.query<{ n: string }>(
              // pg_locks is the whole server's: other boards' tests may hold the same lock in their databases.
              "SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
              [JOBS_LOCK],
            )
          ).rows[0]!.n,
        ),
      );
    // Leading now: it took the lock more often than it lost it (leader.ts logs both).
    const leading = (server: ServerProcess) => server.output().split(LEADING).length > server.output().split(NOT_LEADING).length;
    // Either may have started first; within one leader check (5 s) one of them leads.
    await pollUntil(() => leading(a) || leading(b), 15_000, () => `no instance took the jobs' lock: A ${a.output()} B ${b.output()}`);
    expect([a, b].filter(leading)).toHaveLength(1);
    expect(await lockHolders()).toBe(1);

    const [leader, other] = leading(a) ? [a, b] : [b, a];
    leader.child.kill('SIGKILL');
    await leader.exited;
    // PostgreSQL ends the dead holder's transaction; the other asks again within 5 s.
    await pollUntil(() => leading(other), 15_000, () => `the jobs did not move to the other instance: ${other.output()}`);
    expect(await lockHolders()).toBe(1);
    expect((await fetch(`${other.base}/readyz`)).status).toBe(200);
  });
});

describe.skipIf(redisServerBinary)('two instances, one board (skipped)', () => {
  it.skip(REDIS_MISSING, () => undefined);
});
