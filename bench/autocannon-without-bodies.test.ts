import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, test } from 'vitest';
// @ts-expect-error: a plain .mjs module of the bench, without types
import { keepNoResponseBodies } from './autocannon-without-bodies.mjs';

// autocannon has no types; the part of its API this test uses.
interface LoadOptions {
  url: string;
  connections: number;
  amount: number;
  requests: { method: string; path: string; onResponse: (status: number, body: string) => void }[];
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: LoadOptions) => Promise<{ '2xx': number; throughput: { total: number } }>;

// The bench's load generator keeps no bodies (autocannon-without-bodies.mjs): this fails
// when an autocannon upgrade moves the internals it replaces, or stops counting bytes.
const BODY = randomBytes(30_000);
let server: http.Server;
let url: string;

beforeAll(async () => {
  server = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': BODY.length }).end(BODY));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('autocannon still answers every request and counts its bytes, with no body kept', async () => {
  keepNoResponseBodies();
  const bodies: string[] = [];
  const result = await autocannon({
    url,
    connections: 2,
    amount: 40,
    requests: [{ method: 'GET', path: '/', onResponse: (_status, body) => void bodies.push(body) }],
  });
  expect(result['2xx']).toBe(40);
  expect(result.throughput.total).toBeGreaterThanOrEqual(40 * BODY.length);
  // The replaced method is the one autocannon calls: the bodies it hands on are empty.
  expect(bodies.length).toBe(40);
  expect(bodies.every((body) => body === '')).toBe(true);
});
