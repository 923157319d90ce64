// Canary for batched-log-destination.ts: it stands between pino and its destination and
// relies on how pino writes lines and on sonic-boom's API. When a bump changes either, a
// test here fails and says what broke; the module's header says what to do then.
import { spawn } from 'node:child_process';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './paths.js';

describe('pino internals batched-log-destination.ts relies on', () => {
  it("pino hands a destination's write() one whole line per log call, as a string", () => {
    const writes: unknown[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void writes.push(line) });
    logger.info({ n: 1 }, 'first');
    logger.child({ part: 'child' }).warn('second');
    expect(writes, 'pino no longer writes one string per line: batching by line and by bytes is wrong').toHaveLength(2);
    for (const line of writes) {
      expect(typeof line, 'pino now writes something other than a string').toBe('string');
      expect(line as string, 'a write is no longer exactly one line ending in a newline').toMatch(/^\{[^\n]*\}\n$/);
    }
  });

  it('pino.destination() is a SonicBoom with write(string) and flushSync()', () => {
    const destination = pino.destination({ dest: 2, sync: false });
    expect(destination.constructor.name, 'pino.destination() is no longer sonic-boom').toBe('SonicBoom');
    expect(typeof destination.write, 'the destination has no write(): flush() cannot hand it a batch').toBe('function');
    expect(typeof destination.flushSync, 'the destination has no flushSync(): lines batched at exit would be lost').toBe('function');
  });
});

/** Runs a script in a child process with createLogger() writing to a pipe, as in production. */
function runLogging(script: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return { output: () => output, exited, running: () => child.exitCode === null, stop: () => child.kill('SIGKILL') };
}

const destinationModule = JSON.stringify(new URL('./batched-log-destination.ts', import.meta.url).pathname);
const batchedLogger = `
  const { default: pino } = await import('pino');
  const { batchedLogDestination } = await import(${destinationModule});
  const logger = pino({ level: 'info' }, batchedLogDestination());
`;

describe('the batched destination, in a process writing to a pipe', () => {
  it('writes every line, in order, when the process exits with lines still batched', async () => {
    const run = runLogging(`${batchedLogger}
      for (let i = 0; i < 5000; i++) logger.info({ n: i }, 'line');
      process.exit(3);
    `);
    expect(await run.exited).toBe(3);
    const lines = run.output().trim().split('\n').map((line) => JSON.parse(line) as { n: number; msg: string; level: number });
    expect(lines.map((line) => line.n), 'lines were lost or reordered at exit: check the exit hook against pino’s own').toEqual(Array.from({ length: 5000 }, (_, i) => i));
    expect(lines[0]).toMatchObject({ level: 30, msg: 'line' });
  });

  it("shows a quiet server's line without waiting for more lines or the exit", async () => {
    const run = runLogging(`${batchedLogger}
      logger.info('ready');
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
