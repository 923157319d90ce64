// `npx tsx bench/ban-check.ts [--posts 10000] [--duration 5] [--rounds 4]`: what the ban
// check costs the reply path. Two production servers on the same data set, one as built
// and one whose `assertNotBanned` returns at once (a copy of dist/server, patched),
// take turns at the 'create reply' load, so the machine's drift hits both alike.
// Target (range-bans issue): replies/s with the check >= 90% of replies/s without it.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from '../src/server/lib/paths.js';
import { benchAdminUrl } from './data.js';
import { runLoad, signIn } from './long-runs.js';
import { buildIfMissing, dataSetUrl, freePort, serverSecret, waitFor } from './processes.js';
import { REPLY_THREAD_ID } from './scenarios.js';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '4' },
    connections: { type: 'string', default: '10' },
  },
});

/** A copy of dist/server next to it (so it finds node_modules and dist/web), without the ban check. */
function serverWithoutBanCheck(): string {
  const dir = path.join(projectRoot, 'dist', 'server-no-ban-check');
  rmSync(dir, { recursive: true, force: true });
  cpSync(path.join(projectRoot, 'dist', 'server'), dir, { recursive: true });
  const file = path.join(dir, 'plugins', 'client-ip.js');
  const source = readFileSync(file, 'utf8');
  const patched = source.replace(/(app\.decorateRequest\('assertNotBanned', async function \(\) \{)/, '$1 return;');
  if (patched === source) throw new Error('could not find assertNotBanned in the built client-ip.js');
  writeFileSync(file, patched);
  return path.join(dir, 'main.js');
}

async function start(main: string, databaseUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const env = { ...process.env, DATABASE_URL: databaseUrl, SECRET: secret, RATE_LIMIT: 'off', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'hushboard-bench-')) };
  const child = spawn(process.execPath, [main], { cwd: projectRoot, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/readyz`, child);
  return { child, url };
}

const secret = serverSecret();
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

buildIfMissing();
const admin = await benchAdminUrl();
const children: ChildProcess[] = [];
try {
  const databaseUrl = await dataSetUrl(Number(values.posts), admin.url);
  const withCheck = await start(path.join(projectRoot, 'dist', 'server', 'main.js'), databaseUrl);
  children.push(withCheck.child);
  const withoutCheck = await start(serverWithoutBanCheck(), databaseUrl);
  children.push(withoutCheck.child);
  const runs = { with: [] as number[], without: [] as number[] };
  for (const [name, server] of [['with', withCheck], ['without', withoutCheck]] as const) {
    const headers = await signIn(server.url, name === 'with' ? 'user2' : 'user3');
    Object.assign(server, { headers });
  }
  const load = (server: typeof withCheck, seconds: number) =>
    runLoad({
      url: server.url,
      connections: Number(values.connections),
      duration: seconds,
      method: 'POST',
      headers: (server as typeof server & { headers: Record<string, string> }).headers,
      requests: [{ path: '/api/posts', body: JSON.stringify({ threadId: REPLY_THREAD_ID, content: 'A benchmark reply' }) }],
    });
  load(withCheck, 2);
  load(withoutCheck, 2);
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const [name, server] of round % 2 === 0 ? ([['with', withCheck], ['without', withoutCheck]] as const) : ([['without', withoutCheck], ['with', withCheck]] as const)) {
      const result = load(server, Number(values.duration));
      // Replies made per second: a 503 of an overloaded moment is no reply.
      const replies = (result.statusCodeStats['201']?.count ?? 0) / Number(values.duration);
      runs[name].push(replies);
      console.log(`round ${round + 1}, ${name.padEnd(7)} the ban check: ${replies.toFixed(0)} replies/s, p50 ${result.latency.p50} ms, ${result.non2xx} non-2xx, ${result.errors} errors`);
    }
  }
  const ratio = median(runs.with) / median(runs.without);
  console.log(`median: ${median(runs.with).toFixed(0)} replies/s with, ${median(runs.without).toFixed(0)} without: ${(ratio * 100).toFixed(1)}% (target >= 90%) ${ratio >= 0.9 ? 'met' : 'MISSED'}`);
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(path.join(projectRoot, 'dist', 'server-no-ban-check'), { recursive: true, force: true });
  await admin.stop();
}
