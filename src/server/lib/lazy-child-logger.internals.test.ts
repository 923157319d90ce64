// Canary for lazy-child-logger.ts: it stands in for the pino child Fastify makes per
// request and is cast to FastifyBaseLogger, so the type checker cannot see a member it
// lacks. When a fastify or pino bump asks more of a request logger, a test here fails and
// names the member; the module's header says what to do then.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { LazyChildLogger, lazyChildLogger } from './lazy-child-logger.js';
import { privacySafe } from './logger.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).trim().split('\n')) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, sink };
}

const lazyMembers = new Set([...Object.getOwnPropertyNames(LazyChildLogger.prototype)]);

describe('fastify and pino internals lazy-child-logger.ts relies on', () => {
  it('has every method fastify itself calls on request.log and reply.log', () => {
    const fastifyLib = path.join(path.dirname(createRequire(import.meta.url).resolve('fastify')), 'lib');
    const called = new Set<string>();
    for (const file of readdirSync(fastifyLib).filter((name) => name.endsWith('.js'))) {
      for (const match of readFileSync(path.join(fastifyLib, file), 'utf8').matchAll(/\b(?:request|reply|req|res|this)\.log\.([a-zA-Z]+)\b/g)) called.add(match[1]!);
    }
    expect(called.size, 'found no request.log calls in fastify/lib: this canary no longer reads fastify').toBeGreaterThan(2);
    expect([...called].filter((method) => !lazyMembers.has(method)), 'fastify now calls these on a request logger, which LazyChildLogger lacks').toEqual([]);
  });

  it("has every method and accessor of pino's Logger that fastify's FastifyBaseLogger names", () => {
    const { sink } = capture();
    const real = pino({ level: 'info' }, sink).child({});
    // FastifyBaseLogger: pino's BaseLogger (level, the six log methods, silent) plus child.
    for (const member of ['level', 'fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent', 'child']) {
      expect(member in real, `pino's Logger no longer has ${member}: FastifyBaseLogger changed, check LazyChildLogger`).toBe(true);
      expect(lazyMembers.has(member), `LazyChildLogger lacks ${member}`).toBe(true);
    }
    expect(typeof real.isLevelEnabled, "pino's Logger lost isLevelEnabled(): LazyChildLogger would build a child for every line").toBe('function');
  });

  it("is accepted by fastify's childLoggerFactory, and a request's log lines carry its id", async () => {
    const { lines, sink } = capture();
    const app = Fastify({ loggerInstance: pino({ level: 'info' }, sink) as FastifyBaseLogger, childLoggerFactory: lazyChildLogger, disableRequestLogging: true });
    app.get('/', async (request) => {
      expect(request.log, 'fastify no longer uses the childLoggerFactory for request.log').toBeInstanceOf(LazyChildLogger);
      request.log.info('inside');
      return 'ok';
    });
    try {
      const response = await app.inject({ url: '/' });
      expect(response.statusCode).toBe(200);
      expect(lines).toEqual([expect.objectContaining({ reqId: expect.any(String), msg: 'inside' })]);
    } finally {
      await app.close();
    }
  });
});

describe("a request's lazy logger", () => {
  it('logs with the request bindings and the redaction of its parent, at its parent level', () => {
    const { lines, sink } = capture();
    const parent = privacySafe(pino({ level: 'info' }, sink)) as unknown as FastifyBaseLogger;
    const log = lazyChildLogger(parent, { reqId: 'req-7' }, {});
    expect(log.level).toBe('info');
    log.debug('below the level');
    log.info({ password: 'hunter2' }, 'hello');
    log.child({ part: 'inner' }).warn('nested');
    expect(lines).toEqual([
      expect.objectContaining({ reqId: 'req-7', msg: 'hello', password: '[redacted]', level: 30 }),
      expect.objectContaining({ reqId: 'req-7', part: 'inner', msg: 'nested', level: 40 }),
    ]);
  });
});
