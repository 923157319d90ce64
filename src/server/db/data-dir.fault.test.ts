// Two servers, one DATA_DIR; and what a crash leaves in it (CONTRACT.md section 1).
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { childrenOf, freePort, isAlive, killStarted, postmasterPid, startServer, tempDir, timedGet, waitGone, waitReady } from '../test/processes.js';

afterAll(killStarted);
const bystanders: { kill(): void }[] = [];
afterEach(() => {
  for (const bystander of bystanders.splice(0)) bystander.kill();
});

describe('a DATA_DIR', () => {
  it('serves one server: a second one refuses, naming the first, and leaves it running', async () => {
    const dataDir = tempDir('hushboard-fault-');
    const first = startServer({ dataDir, port: await freePort() });
    await waitReady(first);
    const postgres = await postmasterPid(dataDir);

    const second = startServer({ dataDir, port: await freePort() });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`in use by another Hushboard server (pid ${first.child.pid}, port ${first.port})`);

    expect((await timedGet(`${first.base}/api/boards`)).status).toBe(200);
    expect((await timedGet(`${first.base}/readyz`)).status).toBe(200);
    expect(await postmasterPid(dataDir)).toBe(postgres);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  });

  it('left by a crash, with postmaster.pid and server.lock naming a pid now used by another process: recovered', async () => {
    const dataDir = tempDir('hushboard-fault-');
    const port = await freePort();
    const crashed = startServer({ dataDir, port });
    await waitReady(crashed);
    // The machine goes down hard: server and database killed, their pid files left behind.
    const postgres = (await postmasterPid(dataDir))!;
    const backends = childrenOf(postgres);
    crashed.child.kill('SIGKILL');
    process.kill(postgres, 'SIGKILL');
    await waitGone([crashed.child.pid!, postgres, ...backends]);

    // After the reboot, their pids belong to someone else.
    const bystander = spawn('sleep', ['120'], { stdio: 'ignore' });
    bystanders.push(bystander);
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    const lines = readFileSync(pidFile, 'utf8').split('\n');
    expect(lines[7]?.trim()).toBe('ready');
    lines[0] = String(bystander.pid);
    writeFileSync(pidFile, lines.join('\n'));
    writeFileSync(path.join(dataDir, 'server.lock'), JSON.stringify({ pid: bystander.pid, port, started: '1' }));

    const restarted = startServer({ dataDir, port });
    await waitReady(restarted);
    expect((await timedGet(`${restarted.base}/api/boards`)).status).toBe(200);
    expect(isAlive(bystander.pid!)).toBe(true);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  });
});
