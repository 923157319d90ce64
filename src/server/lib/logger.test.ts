import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './paths.js';

const loggerModule = JSON.stringify(new URL('./logger.ts', import.meta.url).pathname);

/** The output of a process that logs through createLogger(), its stdout a pipe; `stdoutIsTTY` is what createLogger is told, if anything. */
async function logOutput(stdoutIsTTY?: boolean): Promise<string> {
  const script = `
    const { createLogger } = await import(${loggerModule});
    const logger = createLogger('info'${stdoutIsTTY === undefined ? '' : `, ${stdoutIsTTY}`});
    logger.info({ board: 'g' }, 'ready');
    process.exit(0);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise((resolve) => child.on('close', resolve));
  return output;
}

describe('the process logger', () => {
  it('writes JSON lines when stdout is not a terminal (production, the bench)', async () => {
    // Not told: stdout is a pipe here.
    const output = await logOutput();
    expect(JSON.parse(output.trim())).toMatchObject({ level: 30, board: 'g', msg: 'ready' });
  });

  it('writes readable lines through pino-pretty when stdout is a terminal', async () => {
    const output = await logOutput(true);
    expect(output).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: ready\n\s+board: "g"\n$/);
  });
});
