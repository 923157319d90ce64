// `npm run bench:authorship -- --before <dir> [--posts 10000] [--duration 5] [--rounds 4]`:
// what sealed authorship (issue 27, decision 014) costs, in one run on one data set.
// `--before` is a build of the version to compare with (a checkout's folder after
// `npm install && npm run build`; its dist/server/main.js is started). Both servers run
// on the same database at once and take turns at each load, so the machine's drift hits
// both alike (the database is migrated by this version first; the older one reads it as
// it is). Targets (issue 27):
// - signing in costs at most one more argon2id derivation: the login's p50, before and after;
// - the signed-in thread page (100 replies) keeps >= 0.95x of the earlier throughput;
// - replying anonymously costs no more than 10% over replying under one's name.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from '../src/server/lib/paths.js';
import { BENCH_PASSWORD, benchAdminUrl } from './data.js';
import { type LoadSummary, runLoad, signIn } from './long-runs.js';
import { buildIfMissing, dataSetUrl, freePort, serverSecret, waitFor } from './processes.js';
import { REPLY_THREAD_ID } from './scenarios.js';

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    posts: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '4' },
  },
});
if (!values.before) {
  console.error('--before <dir>: a build of the version to compare with (its dist/server/main.js)');
  process.exit(1);
}
const beforeMain = path.resolve(values.before, 'dist', 'server', 'main.js');
if (!existsSync(beforeMain)) {
  console.error(`${beforeMain} does not exist: run npm install && npm run build in ${values.before}`);
  process.exit(1);
}

const secret = serverSecret();
const duration = Number(values.duration);
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

async function start(main: string, cwd: string, databaseUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const env = { ...process.env, DATABASE_URL: databaseUrl, SECRET: secret, RATE_LIMIT: 'off', POW: 'off', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'hushboard-bench-')) };
  const child = spawn(process.execPath, [main], { cwd, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/readyz`, child);
  return { child, url };
}

/** Each load in turn, `rounds` times, the order flipped every round; the median of each. */
function takeTurns(loads: Record<string, () => LoadSummary>, measure: (summary: LoadSummary) => number): Record<string, { value: number; p50: number }> {
  const names = Object.keys(loads);
  const runs: Record<string, { values: number[]; p50s: number[] }> = Object.fromEntries(names.map((name) => [name, { values: [], p50s: [] }]));
  for (const name of names) loads[name]!(); // warm-up
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const name of round % 2 === 0 ? names : [...names].reverse()) {
      const summary = loads[name]!();
      runs[name]!.values.push(measure(summary));
      runs[name]!.p50s.push(summary.latency.p50);
      console.log(`  round ${round + 1} ${name.padEnd(28)} ${measure(summary).toFixed(0).padStart(6)}/s  p50 ${summary.latency.p50} ms  non-2xx ${summary.non2xx}`);
    }
  }
  return Object.fromEntries(names.map((name) => [name, { value: median(runs[name]!.values), p50: median(runs[name]!.p50s) }]));
}

buildIfMissing();
const admin = await benchAdminUrl();
const children: ChildProcess[] = [];
try {
  const databaseUrl = await dataSetUrl(Number(values.posts), admin.url);
  // This version first: its start migrates the data set (keys in escrow, tags, unlinking).
  const after = await start(path.join(projectRoot, 'dist', 'server', 'main.js'), projectRoot, databaseUrl);
  children.push(after.child);
  const before = await start(beforeMain, path.resolve(values.before), databaseUrl);
  children.push(before.child);
  const [afterHeaders, beforeHeaders] = [await signIn(after.url, 'user2'), await signIn(before.url, 'user3')];
  const ok = (summary: LoadSummary) => (summary.statusCodeStats['200']?.count ?? 0) / duration;
  const created = (summary: LoadSummary) => (summary.statusCodeStats['201']?.count ?? 0) / duration;

  console.log('thread page, 100 replies, signed in (requests/s)');
  const page = takeTurns(
    {
      after: () => runLoad({ url: after.url, connections: 50, duration, headers: afterHeaders, requests: [{ path: '/api/threads/6' }] }),
      before: () => runLoad({ url: before.url, connections: 50, duration, headers: beforeHeaders, requests: [{ path: '/api/threads/6' }] }),
    },
    ok,
  );

  console.log('login (requests/s)');
  const login = (url: string, headers: Record<string, string>, username: string) => () =>
    runLoad({
      url,
      connections: 4,
      duration,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': headers['x-csrf-token']!, cookie: headers.cookie!.split('; ').filter((c) => c.startsWith('hb_csrf=')).join('; ') },
      requests: [{ path: '/api/login', body: JSON.stringify({ username, password: BENCH_PASSWORD }) }],
    });
  const logins = takeTurns({ after: login(after.url, afterHeaders, 'user4'), before: login(before.url, beforeHeaders, 'user5') }, ok);

  console.log('create reply (replies/s)');
  const reply = (isAnonymous: boolean) => () =>
    runLoad({
      url: after.url,
      connections: 10,
      duration,
      method: 'POST',
      headers: afterHeaders,
      requests: [{ path: '/api/posts', body: JSON.stringify({ threadId: REPLY_THREAD_ID, content: 'A benchmark reply', isAnonymous }) }],
    });
  const replies = takeTurns({ anonymous: reply(true), named: reply(false) }, created);

  const pageRatio = page.after!.value / page.before!.value;
  const replyCost = replies.named!.value / replies.anonymous!.value - 1;
  console.log('\nresults (medians)');
  console.log(`  login p50: ${logins.before!.p50} ms before, ${logins.after!.p50} ms after (${logins.before!.value.toFixed(1)} -> ${logins.after!.value.toFixed(1)} logins/s on 4 connections)`);
  console.log(`  signed-in thread page: ${page.before!.value.toFixed(0)} -> ${page.after!.value.toFixed(0)} requests/s = ${pageRatio.toFixed(3)}x (target >= 0.95) ${pageRatio >= 0.95 ? 'met' : 'MISSED'}`);
  console.log(`  replies: ${replies.named!.value.toFixed(0)}/s named, ${replies.anonymous!.value.toFixed(0)}/s anonymous: anonymous costs ${(replyCost * 100).toFixed(1)}% more (target <= 10%) ${replyCost <= 0.1 ? 'met' : 'MISSED'}`);
} finally {
  for (const child of children) child.kill('SIGTERM');
  await admin.stop();
}
