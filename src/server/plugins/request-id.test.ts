import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createDatabase, type Database } from '../db/client.js';
import { createLogger } from '../lib/logger.js';
import { createTestDatabaseUrl, testConfig } from '../test/app.js';

// CONTRACT.md section 9: every response carries X-Request-Id (a trusted proxy's when it
// is well formed, else a new one), and so does every log line of that request.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const lines: string[] = [];
let database: Database;
let behindProxy: FastifyInstance;
let direct: FastifyInstance;

beforeAll(async () => {
  database = createDatabase(await createTestDatabaseUrl(), { warn() {} });
  const logger = createLogger('info', false, { write: (line: string) => void lines.push(line) });
  behindProxy = await buildApp({ config: testConfig({ trustProxy: true, logLevel: 'info' }), database, logger });
  direct = await buildApp({ config: testConfig(), database });
});

afterAll(async () => {
  await behindProxy?.close();
  await direct?.close();
  await database?.close();
});

describe('X-Request-Id', () => {
  it('names a new id on every response, errors and pages included, unique per request', async () => {
    const ids = new Set<string>();
    for (const url of ['/healthz', '/api/boards', '/api/threads/999999', '/api/nothing-here', '/board/g']) {
      const response = await direct.inject({ url });
      expect(response.headers['x-request-id']).toMatch(UUID);
      ids.add(response.headers['x-request-id'] as string);
    }
    expect(ids.size).toBe(5);
  });

  it("keeps a trusted proxy's well-formed id, and only a trusted proxy's", async () => {
    const fromProxy = await behindProxy.inject({ url: '/api/boards', headers: { 'x-request-id': 'lb-7f3a.42:1' } });
    expect(fromProxy.headers['x-request-id']).toBe('lb-7f3a.42:1');
    const malformed = await behindProxy.inject({ url: '/api/boards', headers: { 'x-request-id': 'two words\nand a newline' } });
    expect(malformed.headers['x-request-id']).toMatch(UUID);
    const untrusted = await direct.inject({ url: '/api/boards', headers: { 'x-request-id': 'lb-7f3a.42:1' } });
    expect(untrusted.headers['x-request-id']).toMatch(UUID);
  });

  it('is on the access line of its request', async () => {
    const response = await behindProxy.inject({ url: '/api/boards/g', headers: { 'x-request-id': 'trace-me-123' } });
    expect(response.statusCode).toBe(200);
    const line = lines.map((text) => JSON.parse(text) as { reqId?: string; path?: string }).find((entry) => entry.reqId === 'trace-me-123');
    expect(line?.path).toBe('/api/boards/g');
  });
});
