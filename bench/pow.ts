// Proof of work under load (`npm run bench`, or `npm run bench -- --only pow`):
// 1. the reply path with PoW verification (POW=always, every reply carrying a freshly
//    solved X-Pow) against the same server without it (POW=off), in turns, replies/s;
// 2. a flood under POW=auto: one client replying as fast as it can, solving every
//    challenge with real CPU (a worker thread, SHA-256 from node:crypto), while ten
//    others reply at a person's pace (one reply per 10 s each); the flooder's achieved
//    rate, the work it was asked for, and the others' latency with and without it.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, openSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { POW_CALLER_FREE_PER_MINUTE } from '../src/shared/constants.js';
import type { PowRequiredBody } from '../src/shared/api.js';
import { projectRoot } from '../src/server/lib/paths.js';
import { createChallenges } from '../src/server/modules/pow/index.js';
import { solvePow } from '../src/server/test/pow.js';
import { BENCH_PASSWORD } from './data.js';
import { dataSetUrl, freePort, serverSecret, waitFor } from './processes.js';
import { REPLY_THREAD_ID } from './scenarios.js';

export interface PowBench {
  replyPath: { withoutPowPerSecond: number; withPowPerSecond: number; ratio: number; p50WithoutMs: number; p50WithMs: number; failed: number };
  flood: {
    seconds: number;
    flooder: { replies: number; perMinute: number; challenges: number; maxDifficulty: number; solveSeconds: number };
    configuredPerMinute: number;
    normal: { quiet: Latency; underFlood: Latency; challenged: number };
  };
}

interface Latency {
  replies: number;
  p50: number;
  p99: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]! * 10) / 10;
};

async function startServer(databaseUrl: string, secret: string, env: Record<string, string>): Promise<{ server: ChildProcess; url: string }> {
  const port = await freePort();
  const log = openSync(path.join(os.tmpdir(), `hushboard-bench-pow-${port}.log`), 'w');
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, SECRET: secret, LOG_LEVEL: 'error', HOST: '127.0.0.1', PORT: String(port), RATE_LIMIT: 'on', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'hushboard-bench-pow-')), ...env },
    // Its warnings and errors, kept beside its data: a failed run says why.
    stdio: ['ignore', log, log],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/readyz`, server);
  return { server, url };
}

/** A signed-in client from `ip` (X-Forwarded-For, behind TRUST_PROXY): its headers for replies. */
async function signIn(url: string, username: string, ip?: string): Promise<Record<string, string>> {
  const forwarded: Record<string, string> = ip ? { 'x-forwarded-for': ip } : {};
  const first = await fetch(`${url}/api/user`, { headers: forwarded });
  const csrfCookie = first.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const token = first.headers.get('x-csrf-token') ?? '';
  const send = (pow: Record<string, string> = {}) =>
    fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { ...forwarded, ...pow, 'content-type': 'application/json', cookie: csrfCookie, 'x-csrf-token': token },
      body: JSON.stringify({ username, password: BENCH_PASSWORD }),
    });
  let login = await send();
  if (login.status === 428) login = await send({ 'x-pow': solvePow(((await login.json()) as PowRequiredBody).pow) });
  if (login.status !== 200) throw new Error(`login ${username}: ${login.status}`);
  return { ...forwarded, cookie: [csrfCookie, ...login.headers.getSetCookie().map((c) => c.split(';')[0])].join('; '), 'x-csrf-token': token, 'content-type': 'application/json' };
}

const replyBody = JSON.stringify({ threadId: REPLY_THREAD_ID, content: 'A benchmark reply about proof of work' });

/** `connections` loops replying for `seconds`; each request's headers from `headersFor` (a fresh X-Pow each). */
async function replyLoad(url: string, headersFor: () => Record<string, string>, connections: number, seconds: number) {
  const latencies: number[] = [];
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const response = await fetch(`${url}/api/posts`, { method: 'POST', headers: headersFor(), body: replyBody });
        await response.arrayBuffer();
        if (response.status === 201) latencies.push(performance.now() - started);
        else failed++;
      }
    }),
  );
  return { replies: latencies.length, latencies, failed };
}

async function replyPath(databaseUrl: string, seconds: number, connections: number): Promise<PowBench['replyPath']> {
  const secret = serverSecret();
  const servers = { off: await startServer(databaseUrl, secret, { POW: 'off' }), always: await startServer(databaseUrl, secret, { POW: 'always' }) };
  try {
    const headers = { off: await signIn(servers.off.url, 'user2'), always: await signIn(servers.always.url, 'user3') };
    // Solved ahead, as many as the run can use: signed with the server's key, as the
    // server would issue them. Verifying costs the same whatever the difficulty (one
    // hash and one HMAC), so these are easy ones; the client's work is not on this path.
    const challenges = createChallenges(secret);
    const solutions: string[] = [];
    const solveAhead = async (count: number) => {
      for (let i = 0; i < count; i++) solutions.push(solvePow(await challenges.issue('reply', 50)));
    };
    await solveAhead(15_000);
    const next = () => {
      const solution = solutions.pop();
      if (!solution) throw new Error('ran out of solved challenges: raise the count');
      return { ...headers.always, 'x-pow': solution };
    };
    const totals = { off: { replies: 0, latencies: [] as number[], failed: 0 }, always: { replies: 0, latencies: [] as number[], failed: 0 } };
    // Warm-up, then turns: the machine's speed drifts, and turns let both see the same drift.
    await replyLoad(servers.off.url, () => headers.off, connections, 2);
    await replyLoad(servers.always.url, next, connections, 2);
    const rounds = 4;
    for (let round = 0; round < rounds; round++) {
      for (const mode of ['off', 'always'] as const) {
        const run = await replyLoad(servers[mode].url, mode === 'off' ? () => headers.off : next, connections, seconds / rounds);
        totals[mode].replies += run.replies;
        totals[mode].latencies.push(...run.latencies);
        totals[mode].failed += run.failed;
      }
    }
    const withoutPowPerSecond = Math.round(totals.off.replies / seconds);
    const withPowPerSecond = Math.round(totals.always.replies / seconds);
    return {
      withoutPowPerSecond,
      withPowPerSecond,
      ratio: +(withPowPerSecond / Math.max(withoutPowPerSecond, 1)).toFixed(3),
      p50WithoutMs: percentile(totals.off.latencies, 0.5),
      p50WithMs: percentile(totals.always.latencies, 0.5),
      failed: totals.off.failed + totals.always.failed,
    };
  } finally {
    for (const { server } of Object.values(servers)) server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
}

// The flooder, in a worker thread so its hashing never delays the measured clients. Its
// thread runs at the lowest priority (on Linux a nice value is a thread's own): in
// production a flooder's hashing is done on its own machine, here it must not take the
// server's cores from under the people measured beside it.
const FLOODER = `
const { parentPort, workerData } = require('node:worker_threads');
try { require('node:os').setPriority(19); } catch {}
const { createHash } = require('node:crypto');
const { url, headers, body, seconds } = workerData;
const stats = { replies: 0, challenges: 0, maxDifficulty: 0, solveMs: 0 };
(async () => {
  const until = Date.now() + seconds * 1000;
  let pow;
  while (Date.now() < until) {
    const response = await fetch(url + '/api/posts', { method: 'POST', headers: pow ? { ...headers, 'x-pow': pow } : headers, body });
    const answer = await response.json();
    pow = undefined;
    if (response.status === 201) { stats.replies++; continue; }
    if (response.status !== 428) throw new Error('flooder: ' + response.status);
    const c = answer.pow;
    stats.challenges++;
    stats.maxDifficulty = Math.max(stats.maxDifficulty, c.maxnumber);
    const started = Date.now();
    for (let n = 0; n <= c.maxnumber && Date.now() < until; n++) {
      if (createHash('sha256').update(c.salt + n).digest('hex') === c.challenge) {
        pow = Buffer.from(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: n, salt: c.salt, signature: c.signature })).toString('base64');
        break;
      }
    }
    stats.solveMs += Date.now() - started;
  }
  parentPort.postMessage(stats);
})().catch((error) => parentPort.postMessage({ error: String(error) }));
`;

/** Ten people, each replying once every 10 s (staggered), for `seconds`; their latencies, and how often they were asked for work. */
async function people(url: string, clients: Record<string, string>[], seconds: number): Promise<Latency & { challenged: number }> {
  const latencies: number[] = [];
  let challenged = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    clients.map(async (headers, index) => {
      await new Promise((resolve) => setTimeout(resolve, (index * 10_000) / clients.length));
      while (performance.now() < until) {
        const started = performance.now();
        let response = await fetch(`${url}/api/posts`, { method: 'POST', headers, body: replyBody });
        if (response.status === 428) {
          challenged++;
          response = await fetch(`${url}/api/posts`, { method: 'POST', headers: { ...headers, 'x-pow': solvePow(((await response.json()) as PowRequiredBody).pow) }, body: replyBody });
        } else await response.arrayBuffer();
        if (response.status !== 201) throw new Error(`a person's reply: ${response.status}`);
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, 10_000 - (performance.now() - started))));
      }
    }),
  );
  return { replies: latencies.length, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), challenged };
}

async function flood(databaseUrl: string, seconds: number): Promise<PowBench['flood']> {
  const { server, url } = await startServer(databaseUrl, serverSecret(), { POW: 'auto', TRUST_PROXY: 'true' });
  try {
    // One after another: ten argon2 checks at once starved the pool of a loaded 2-core box.
    const clients: Record<string, string>[] = [];
    for (let i = 0; i < 10; i++) clients.push(await signIn(url, `user${10 + i}`, `198.18.0.${10 + i}`));
    const quiet = await people(url, clients, 30);
    const flooderHeaders = await signIn(url, 'user30', '198.18.1.1');
    const flooder = new Worker(FLOODER, { eval: true, workerData: { url, headers: flooderHeaders, body: replyBody, seconds } });
    const flooded = new Promise<{ replies: number; challenges: number; maxDifficulty: number; solveMs: number; error?: string }>((resolve) => flooder.once('message', resolve));
    const underFlood = await people(url, clients, seconds);
    const stats = await flooded;
    await flooder.terminate();
    if (stats.error) throw new Error(stats.error);
    return {
      seconds,
      flooder: { replies: stats.replies, perMinute: +((stats.replies * 60) / seconds).toFixed(1), challenges: stats.challenges, maxDifficulty: stats.maxDifficulty, solveSeconds: Math.round(stats.solveMs / 1000) },
      configuredPerMinute: POW_CALLER_FREE_PER_MINUTE,
      normal: { quiet: { replies: quiet.replies, p50: quiet.p50, p99: quiet.p99 }, underFlood: { replies: underFlood.replies, p50: underFlood.p50, p99: underFlood.p99 }, challenged: quiet.challenged + underFlood.challenged },
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
}

/** Both measurements on the data set of `posts` posts; printed, and returned for the report. */
export async function powBench(adminUrl: string, { posts, seconds, connections }: { posts: number; seconds: number; connections: number }): Promise<PowBench> {
  const databaseUrl = await dataSetUrl(posts, adminUrl);
  const reply = await replyPath(databaseUrl, seconds, connections);
  console.log(
    `\nproof of work, reply path at c=${connections}: ${reply.withoutPowPerSecond} replies/s without (p50 ${reply.p50WithoutMs} ms), ${reply.withPowPerSecond} with every reply's X-Pow verified and spent (p50 ${reply.p50WithMs} ms): ratio ${reply.ratio} (target >= 0.9)${reply.failed ? `, ${reply.failed} failed` : ''}`,
  );
  const flooded = await flood(databaseUrl, Math.max(90, seconds));
  const { flooder, normal } = flooded;
  console.log(
    `proof of work, flood under POW=auto for ${flooded.seconds} s: the flooder got ${flooder.replies} replies through (${flooder.perMinute}/min; configured ${flooded.configuredPerMinute}/min), answering ${flooder.challenges} challenges up to maxnumber ${flooder.maxDifficulty} with ${flooder.solveSeconds} s of CPU; ten people at one reply per 10 s: p50 ${normal.quiet.p50} ms, p99 ${normal.quiet.p99} ms alone, p50 ${normal.underFlood.p50} ms, p99 ${normal.underFlood.p99} ms during the flood, asked for work ${normal.challenged} times`,
  );
  return { replyPath: reply, flood: flooded };
}
