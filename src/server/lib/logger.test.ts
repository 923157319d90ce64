import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
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
