import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.js';

const children: { kill(): void }[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

/** A live process that is not a Hushboard server, whose pid a stale lock may name. */
function otherProcess(): number {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

describe('the DATA_DIR lock', () => {
  it('is refused while its holder lives, naming the pid and port, and free after release', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hushboard-lock-'));
    const pid = otherProcess();
    const started = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19];
    writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid, port: 4321, started }));
    const refused = lockDataDir(dir, 3000);
    await expect(refused).rejects.toThrow(DataDirInUseError);
    await expect(refused).rejects.toThrow(`(pid ${pid}, port 4321)`);

    writeFileSync(path.join(dir, 'server.lock'), '');
    const lock = await lockDataDir(dir, 3000);
    await lock.setPort(3001);
    expect(JSON.parse(readFileSync(path.join(dir, 'server.lock'), 'utf8'))).toMatchObject({ pid: process.pid, port: 3001 });
    await lock.release();
    await (await lockDataDir(dir, 3000)).release();
  });

  it('takes over a lock whose process is gone, or whose pid now belongs to another process', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hushboard-lock-'));
    writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: 2 ** 22 + 1, port: 1, started: '1' }));
    await (await lockDataDir(dir, 3000)).release();
    // The pid lives, but it started at another time than the server that wrote the lock.
    writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: otherProcess(), port: 1, started: '1' }));
    const lock = await lockDataDir(dir, 3000);
    expect(JSON.parse(readFileSync(path.join(dir, 'server.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
    await lock.release();
  });
});
