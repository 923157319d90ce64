// What the write-gate tests share (issue 28): the app as `npm start` serves it (its HTML
// forms included) under RATE_LIMIT=on and POW=always, requests sent over real HTTP with
// the request target written as given (`/%61pi/login`, `http://host/api/login`), and a
// fingerprint of every table to prove that a refused request changed nothing.
import { canonicalAddress } from '../lib/client-address.js';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { PowAction } from '../../shared/constants.js';
import { POW_ALWAYS_DIFFICULTY } from '../../shared/constants.js';
import { buildApp } from '../app.js';
import { ipHashPrefixes } from '../db/schema.js';
import { createIpHasher } from '../lib/ip-prefix.js';
import { projectRoot, ssrEntryFile } from '../lib/paths.js';
import { createChallenges } from '../modules/pow/index.js';
import { loadPageRenderer } from '../modules/pages/index.js';
import { testConfig, type TestApp } from '../test/app.js';
import { solvePow } from '../test/pow.js';

const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta name="description" content="x" /><meta name="csp-nonce" content="__CSP_NONCE__" /><title>Hushboard</title></head>
<body><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>`;

export const SECRET = testConfig().secret;

export interface GatedApp {
  app: FastifyInstance;
  /** Every route as registered, in order. */
  routes: RouteOptions[];
  /** `http://127.0.0.1:<port>`: our origin. */
  origin: string;
  close(): Promise<void>;
}

/**
 * The app with its server render (so the HTML form posts exist) on t's database, RATE_LIMIT
 * on and POW=always, listening on a port. TRUST_PROXY is on so that each request can
 * come from an address of its own (X-Forwarded-For): the limits then never meet.
 */
export async function startGatedApp(t: TestApp): Promise<GatedApp> {
  if (!existsSync(ssrEntryFile)) {
    const build = spawnSync('npx', ['vite', 'build', '--ssr', 'entry-server.tsx', '--logLevel', 'error'], { cwd: projectRoot, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`building the server render failed: ${build.stderr}`);
  }
  const webRoot = mkdtempSync(path.join(os.tmpdir(), 'hushboard-gate-'));
  writeFileSync(path.join(webRoot, 'index.html'), TEMPLATE);
  const routes: RouteOptions[] = [];
  const app = await buildApp({
    config: testConfig({ rateLimit: true, pow: 'always', trustProxy: true }),
    database: t.database,
    webRoot,
    pageRenderer: await loadPageRenderer(),
    onRoute: (route) => routes.push(route),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, routes, origin: `http://127.0.0.1:${port}`, close: () => app.close() };
}

export interface Sent {
  method: string;
  /** The request target exactly as it goes on the request line. */
  target: string;
  headers?: Record<string, string>;
  body?: { type: string; data: Buffer };
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request over HTTP, its target written as given (Node writes `path` verbatim: origin-form or absolute-form). */
export function send(origin: string, { method, target, headers = {}, body }: Sent): Promise<Answer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: hostname,
        port,
        method,
        path: target,
        agent: false,
        headers: { ...headers, ...(body ? { 'content-type': body.type, 'content-length': String(body.data.length) } : { 'content-length': '0' }) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    if (body) request.end(body.data);
    else request.end();
  });
}

export const json = (value: unknown) => ({ type: 'application/json', data: Buffer.from(JSON.stringify(value)) });

/** A multipart form as a browser sends it. */
export async function multipart(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const encoded = new Response(form);
  return { type: encoded.headers.get('content-type')!, data: Buffer.from(await encoded.arrayBuffer()) };
}

/** The spellings of one path the router takes for it: as is, its first letter percent-encoded, and absolute-form. */
export function spellingsOf(pathname: string, origin: string): { name: string; target: string }[] {
  const first = pathname.charCodeAt(1).toString(16).toUpperCase();
  return [
    { name: 'as is', target: pathname },
    { name: 'percent-encoded', target: `/%${first}${pathname.slice(2)}` },
    { name: 'absolute-form', target: `${origin}${pathname}` },
  ];
}

let addressCounter = 0;
/**
 * A new client address, its prefixes already known (as after an earlier visit), so a
 * refused request finds nothing to record: each request from its own address, under no limit.
 */
export async function freshAddress(t: TestApp): Promise<string> {
  const n = ++addressCounter;
  const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  await knownAddress(t, ip);
  return ip;
}

/** Records an address's prefixes as a guarded write would. */
export async function knownAddress(t: TestApp, ip: string): Promise<void> {
  const hashes = createIpHasher(SECRET).hashesOf(canonicalAddress(ip));
  await t.database.db
    .insert(ipHashPrefixes)
    .values({ ipHash: hashes.ip, subnetHash: hashes.subnet, wideHash: hashes.wide })
    .onConflictDoNothing();
}

/** X-Pow solving a fresh challenge of this app for `action`. */
export async function powFor(action: PowAction): Promise<string> {
  return solvePow(await createChallenges(SECRET).issue(action, POW_ALWAYS_DIFFICULTY));
}

/**
 * Every table's row count and a digest of its rows: equal before and after means the
 * request wrote nothing. ip_hash_prefixes is counted only: the time an address was last
 * seen moves on any guarded request from it (plugins/client-ip.ts), refused or not.
 */
export async function fingerprint(t: TestApp): Promise<Record<string, string>> {
  const { rows } = await t.database.pool.query<{ tablename: string }>(
    `select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const parts = rows.map(({ tablename }) => {
    const table = `"${tablename.replaceAll('"', '""')}"`;
    const digest = tablename === 'ip_hash_prefixes' ? `''` : `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${table} x)`;
    return `'${tablename}', (select count(*) from ${table})::text || ':' || ${digest}`;
  });
  const result = await t.database.db.execute<{ tables: Record<string, string> }>(sql.raw(`select json_build_object(${parts.join(', ')}) as tables`));
  return result.rows[0]!.tables;
}
