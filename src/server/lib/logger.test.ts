import { spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger, privacySafe } from './logger.js';
import { projectRoot } from './paths.js';

/** Runs a script in a child process with createLogger() writing to a pipe, as in production. */
function runLogging(script: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return { output: () => output, exited, running: () => child.exitCode === null, stop: () => child.kill('SIGKILL') };
}

const loggerModule = JSON.stringify(new URL('./logger.ts', import.meta.url).pathname);

describe('the process logger', () => {
  it('writes every line, in order, when the process exits with lines still batched', async () => {
    const run = runLogging(`
      const { createLogger } = await import(${loggerModule});
      const logger = createLogger('info');
      for (let i = 0; i < 5000; i++) logger.info({ n: i }, 'line');
      process.exit(3);
    `);
    expect(await run.exited).toBe(3);
    const lines = run.output().trim().split('\n').map((line) => JSON.parse(line) as { n: number; msg: string; level: number });
    expect(lines.map((line) => line.n)).toEqual(Array.from({ length: 5000 }, (_, i) => i));
    expect(lines[0]).toMatchObject({ level: 30, msg: 'line' });
  });

  it("shows a quiet server's line without waiting for more lines or the exit", async () => {
    const run = runLogging(`
      const { createLogger } = await import(${loggerModule});
      createLogger('info').info('ready');
      setInterval(() => undefined, 1000);
    `);
    try {
      await expect.poll(() => run.output(), { timeout: 10_000 }).toContain('"msg":"ready"');
      expect(run.running()).toBe(true);
    } finally {
      run.stop();
    }
  });
});

describe("a request's logger", () => {
  it('logs with the request bindings and the redaction of its parent, at its parent level', () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).trim().split('\n')) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
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
