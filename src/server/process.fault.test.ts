// The server process itself meeting faults and signals (CONTRACT.md sections 1 and 9):
// killed under writes, stopped through `npm start`, stopped while a client holds a
// request open.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, httpClient, isAlive, killStarted, pollUntil, postmasterPid, type ServerProcess, startServer, tempDir, waitGone, waitReady } from './test/processes.js';

afterAll(killStarted);

/** The embedded database of `dataDir`, straight through pg. */
async function connect(dataDir: string): Promise<pg.Client> {
  const clusterDir = path.join(dataDir, 'postgres');
  const port = readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[3];
  const password = readFileSync(`${clusterDir}.password`, 'utf8').trim();
  const client = new pg.Client({ host: '127.0.0.1', port: Number(port), user: 'postgres', password, database: 'postgres' });
  await client.connect();
  return client;
}

/**
 * Opens a raw HTTP request: a signed-in-less POST /api/login with its CSRF token, whose
 * body is sent only in part. `finish()` sends the rest; `response` resolves with the
 * status line (or '' when the server closes the connection without answering).
 */
async function slowLogin(base: string) {
  const browser = httpClient(base);
  await browser('GET', '/api/user');
  const body = JSON.stringify({ username: 'nobody_here', password: 'wrong password' });
  const { port } = new URL(base);
  const socket = net.connect(Number(port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  const response = new Promise<string>((resolve) => {
    socket.on('data', (chunk) => (received += chunk));
    socket.on('close', () => resolve(received.split('\r\n')[0] ?? ''));
    socket.on('error', () => undefined);
  });
  socket.write(
    `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n` +
      `Cookie: ${browser.cookieHeader()}\r\nX-CSRF-Token: ${browser.csrf()}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
  );
  // Let the server read the headers: until then the connection counts as idle, and a
  // closing server drops idle connections at once.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { response, finish: () => socket.write(body.slice(10)) };
}

/** The server's own pid, from its DATA_DIR lock (under npm start, npm is the parent). */
function serverPid(server: ServerProcess): number {
  return (JSON.parse(readFileSync(path.join(server.dataDir, 'server.lock'), 'utf8')) as { pid: number }).pid;
}

describe('the server process', () => {
  it('killed with SIGKILL under concurrent writes: every acknowledged reply is there after a restart, counts exact', async () => {
    const dataDir = tempDir('hushboard-fault-');
    const port = await freePort();
    let server = startServer({ dataDir, port });
    await waitReady(server);
    const author = httpClient(server.base);
    expect((await author('POST', '/api/register', { username: 'writer', password: 'writerpass' })).status).toBe(201);
    const boards = (await (await author('GET', '/api/boards')).json()) as { id: number }[];
    const created = await author('POST', '/api/threads', { boardId: boards[0]!.id, title: 'Crash test', content: 'Replies keep coming.' });
    expect(created.status).toBe(201);
    const threadId = ((await created.json()) as { id: number }).id;

    const acknowledged: number[] = [];
    let attempted = 0;
    let stop = false;
    const writer = async (n: number) => {
      for (let i = 0; !stop && i < 10_000; i++) {
        attempted++;
        const response = await author('POST', '/api/posts', { threadId, content: `writer ${n} reply ${i}` }).catch(() => undefined);
        if (!response) return; // the server is gone
        expect(response.status).toBe(201);
        acknowledged.push(((await response.json()) as { id: number }).id);
      }
    };
    const writers = Array.from({ length: 8 }, (_, n) => writer(n));
    // Killed in the middle of the stream of writes (once some 50 are in, however busy the machine is).
    await pollUntil(() => acknowledged.length >= 50, 20_000, () => `only ${acknowledged.length} writes in 20 s`, 20);
    server.child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    console.log(`kill -9 under writes: ${acknowledged.length} acknowledged of ${attempted} attempted`);

    // A new server on the same DATA_DIR (the orphaned database is adopted) serves at once.
    server = startServer({ dataDir, port });
    await waitReady(server);
    const db = await connect(dataDir);
    try {
      const { rows } = await db.query<{ id: number }>('SELECT id FROM posts WHERE thread_id = $1', [threadId]);
      const stored = new Set(rows.map((row) => row.id));
      expect(acknowledged.filter((id) => !stored.has(id)), 'acknowledged replies lost').toEqual([]);
      // At most the 8 writes in flight at the kill were stored without an answer.
      expect(stored.size - acknowledged.length).toBeLessThanOrEqual(8);
      const { rows: threads } = await db.query<{ reply_count: number }>('SELECT reply_count FROM threads WHERE id = $1', [threadId]);
      expect(threads[0]!.reply_count).toBe(stored.size);
    } finally {
      await db.end();
    }
    const page = (await (await httpClient(server.base)('GET', `/api/threads/${threadId}`)).json()) as { replyCount: number };
    expect(page.replyCount).toBeGreaterThanOrEqual(acknowledged.length);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('SIGTERM to `npm start` reaches the server: the request in flight finishes, exit 0, no PostgreSQL left', async () => {
    const dataDir = tempDir('hushboard-fault-');
    const npm = startServer({ dataDir, port: await freePort(), command: ['npm', 'start', '--silent'] });
    await waitReady(npm);
    const node = serverPid(npm);
    expect(node).not.toBe(npm.child.pid);
    const postgres = (await postmasterPid(dataDir))!;

    const login = await slowLogin(npm.base);
    const signalled = performance.now();
    npm.child.kill('SIGTERM');
    // The server is draining, not gone: the request still gets its answer.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(isAlive(node)).toBe(true);
    login.finish();
    expect(await login.response).toBe('HTTP/1.1 401 Unauthorized');
    expect(await npm.exited, npm.output()).toBe(0);
    console.log(`npm start SIGTERM: exited 0 after ${Math.round(performance.now() - signalled)} ms`);
    await waitGone([node, postgres]);
    expect(await postmasterPid(dataDir)).toBeNull();
  });

  it('a request body that never finishes holds the shutdown for SHUTDOWN_TIMEOUT only', async () => {
    const server = startServer({ dataDir: tempDir('hushboard-fault-'), port: await freePort(), env: { SHUTDOWN_TIMEOUT: '2' } });
    await waitReady(server);
    const postgres = (await postmasterPid(server.dataDir))!;
    const login = await slowLogin(server.base);
    const signalled = performance.now();
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
    const took = Math.round(performance.now() - signalled);
    console.log(`stuck body, SHUTDOWN_TIMEOUT=2: exited 0 after ${took} ms`);
    expect(took).toBeGreaterThanOrEqual(1_900);
    expect(took).toBeLessThan(6_000);
    expect(await login.response).toBe('');
    expect(server.output()).toContain('shutdown timeout: closing the connections still open');
    await waitGone([postgres]);
  });
});
