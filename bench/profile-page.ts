// `tsx bench/profile-page.ts --before <dir>`: CPU profiles of the signed-in thread page
// (the load of bench/sealed-authorship.ts) on this build and an earlier one, same data,
// then the self time per function of each, side by side. Not part of `npm run bench`.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from '../src/server/lib/paths.js';
import { benchAdminUrl } from './data.js';
import { runLoad, signIn } from './long-runs.js';
import { dataSetUrl, freePort, serverSecret, waitFor } from './processes.js';

const { values } = parseArgs({ options: { before: { type: 'string' }, duration: { type: 'string', default: '10' }, posts: { type: 'string', default: '10000' } } });
const secret = serverSecret();
const out = '/tmp/hushboard-profiles';
rmSync(out, { recursive: true, force: true });

async function profile(name: string, root: string, databaseUrl: string, user: string) {
  const port = await freePort();
  const dir = path.join(out, name);
  mkdirSync(dir, { recursive: true });
  const env = { ...process.env, DATABASE_URL: databaseUrl, SECRET: secret, RATE_LIMIT: 'off', POW: 'off', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'hb-prof-')) };
  const child: ChildProcess = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, path.join(root, 'dist', 'server', 'main.js')], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/readyz`, child);
  const headers = await signIn(url, user);
  runLoad({ url, connections: 50, duration: 2, headers, requests: [{ path: '/api/threads/6' }] });
  const summary = runLoad({ url, connections: 50, duration: Number(values.duration), headers, requests: [{ path: '/api/threads/6' }] });
  const requests = summary.statusCodeStats['200']?.count ?? 0;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { requests, dir };
}

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
function selfTimes(dir: string): Map<string, number> {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!;
  const prof = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const times = new Map<string, number>();
  prof.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const where = frame.url.replace(/^.*node_modules\//, 'nm:').replace(/^file:\/\/.*\/dist\//, 'dist:');
    const key = `${frame.functionName || '(anon)'} ${where}:${frame.lineNumber}`;
    times.set(key, (times.get(key) ?? 0) + (prof.timeDeltas[i] ?? 0));
  });
  return times;
}

const admin = await benchAdminUrl();
try {
  const databaseUrl = await dataSetUrl(Number(values.posts), admin.url);
  const after = await profile('after', projectRoot, databaseUrl, 'user2');
  const before = await profile('before', path.resolve(values.before!), databaseUrl, 'user3');
  console.log(`requests: before ${before.requests}, after ${after.requests}`);
  const [a, b] = [selfTimes(after.dir), selfTimes(before.dir)];
  const keys = new Set([...a.keys(), ...b.keys()]);
  // Microseconds of self time per request, the largest differences first.
  const rows = [...keys].map((key) => ({ key, after: (a.get(key) ?? 0) / after.requests, before: (b.get(key) ?? 0) / before.requests }));
  const total = (m: Map<string, number>, n: number) => [...m.values()].reduce((s, v) => s + v, 0) / n;
  console.log(`total µs/request (incl. idle): before ${total(b, before.requests).toFixed(0)}, after ${total(a, after.requests).toFixed(0)}`);
  rows.sort((x, y) => Math.abs(y.after - y.before) - Math.abs(x.after - x.before));
  for (const row of rows.slice(0, 45)) console.log(`${row.before.toFixed(1).padStart(7)} ${row.after.toFixed(1).padStart(7)} ${(row.after - row.before).toFixed(1).padStart(7)}  ${row.key}`);
} finally {
  await admin.stop();
}
