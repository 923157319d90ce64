// The embedded PostgreSQL misbehaving under a running server (CONTRACT.md sections 1
// and 9): frozen, killed, stopped by hand. The server must answer 503 promptly, never
// hang, and serve again without being restarted itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childrenOf, freePort, killStarted, pollUntil, postmasterPid, type ServerProcess, startServer, tempDir, timedGet, waitGone, waitReady } from '../test/processes.js';

let server: ServerProcess;
beforeAll(async () => {
  server = startServer({ dataDir: tempDir('hushboard-fault-'), port: await freePort() });
  await waitReady(server);
});
afterAll(killStarted);

const UNAVAILABLE = { status: 503, message: 'Service temporarily unavailable' };

/** Polls `url` until it answers 200; how long that took, in ms. */
async function msUntilServed(url: string, limitMs: number): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < limitMs) {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
    if (response?.status === 200) return Math.round(performance.now() - start);
    expect(response?.status, 'never a 500 while the database recovers').not.toBe(500);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} was not served again within ${limitMs} ms`);
}

describe('the embedded database', () => {
  it('frozen (SIGSTOP): requests answer 503 within about a second, /readyz at once; served again soon after SIGCONT', async () => {
    expect((await timedGet(`${server.base}/api/boards`)).status).toBe(200);
    const postmaster = (await postmasterPid(server.dataDir))!;
    const frozen = [postmaster, ...childrenOf(postmaster)];
    for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    try {
      // Caught in the freeze: the database's connections and new ones alike.
      const [boards, recent, ready, health] = await Promise.all([
        timedGet(`${server.base}/api/boards`),
        timedGet(`${server.base}/api/threads/simple-recent`),
        timedGet(`${server.base}/readyz`),
        timedGet(`${server.base}/healthz`),
      ]);
      console.log(`frozen: boards ${boards.ms} ms, recent ${recent.ms} ms, readyz ${ready.ms} ms, healthz ${health.ms} ms`);
      expect(boards).toMatchObject(UNAVAILABLE);
      expect(recent).toMatchObject(UNAVAILABLE);
      // About a second on a quiet machine (the figures above); the bounds leave room for a
      // machine busy with other suites, and still tell a 503 from the 30 s hang it replaced.
      expect(Math.max(boards.ms, recent.ms)).toBeLessThan(5_000);
      expect(ready.status).toBe(503);
      expect(ready.ms).toBeLessThan(3_000);
      expect(health.status).toBe(200);
      // Once the freeze is known, at once.
      const later = await timedGet(`${server.base}/api/boards`);
      console.log(`frozen, later: boards ${later.ms} ms`);
      expect(later).toMatchObject(UNAVAILABLE);
      expect(later.ms).toBeLessThan(3_000);
    } finally {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
    }
    const back = await msUntilServed(`${server.base}/api/boards`, 10_000);
    console.log(`thawed: served again after ${back} ms`);
    expect((await timedGet(`${server.base}/readyz`)).status).toBe(200);
  });

  it('killed (SIGKILL of the postmaster): restarted by the server, served again within 30 s', async () => {
    const postmaster = (await postmasterPid(server.dataDir))!;
    process.kill(postmaster, 'SIGKILL');
    // Its backends may serve a last query or two; then /readyz says so, /healthz does not.
    await pollUntil(async () => (await timedGet(`${server.base}/readyz`)).status === 503, 3_000, () => '/readyz never answered 503', 50);
    expect((await timedGet(`${server.base}/healthz`)).status).toBe(200);
    const back = await msUntilServed(`${server.base}/api/boards`, 30_000);
    console.log(`postmaster killed: served again after ${back} ms`);
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).toContain('embedded PostgreSQL stopped unexpectedly; restarting (attempt 1)');
    expect(await postmasterPid(server.dataDir)).not.toBe(postmaster);
  });

  it('stopped by hand (pg_ctl stop -m immediate, i.e. SIGQUIT): restarted; then SIGTERM exits 0 and stops it', async () => {
    const postmaster = (await postmasterPid(server.dataDir))!;
    process.kill(postmaster, 'SIGQUIT');
    await waitGone([postmaster]);
    const back = await msUntilServed(`${server.base}/api/boards`, 30_000);
    console.log(`immediate stop: served again after ${back} ms`);
    const restarted = (await postmasterPid(server.dataDir))!;
    expect(restarted).not.toBeNull();

    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
    await waitGone([restarted]);
    expect(await postmasterPid(server.dataDir)).toBeNull();
  });
});
