// `npm run bench:polls -- [--voters 200] [--rounds 5] [--database-url <url>]`: a poll's
// ballots under load (issue 29): the production server on a fresh database, `voters`
// accounts voting in one multiple-choice poll all at once, then changing their votes all
// at once, `rounds` times. Each round's latencies are measured from this process (over
// real HTTP; fetch's pool opens a connection per request in flight, as many browsers would); at the end the counts the API answers must equal
// the ballots each voter was last answered for, and the ballots in the table.
// Target: counts exact, p99 < 100 ms.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { projectRoot } from '../src/server/lib/paths.js';
import { benchAdminUrl, withDatabase } from './data.js';
import { buildIfMissing, freePort, serverSecret, waitFor } from './processes.js';

const { values } = parseArgs({
  options: {
    voters: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '5' },
    'database-url': { type: 'string' },
  },
});
const VOTERS = Number(values.voters);
const ROUNDS = Number(values.rounds);
const P99_TARGET_MS = 100;
const PASSWORD = 'pollbench1';

interface Voter {
  headers: Record<string, string>;
  /** The choice the server last answered 200 for. */
  ballot: number[];
}
interface PollAnswer {
  id: number;
  options: { id: number; votes: number | null }[];
  voters: number | null;
  myVote: number[] | null;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function post(url: string, headers: Record<string, string>, body: unknown): Promise<Response> {
  return fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
}

/** Registers a voter (and so signs them in): their session cookie and CSRF token. Set-up, not measured: a busy machine's 503 is tried again. */
async function register(base: string, index: number, attempt = 0): Promise<Voter> {
  const first = await fetch(`${base}/api/user`);
  const token = first.headers.get('x-csrf-token') ?? '';
  const headers = { 'content-type': 'application/json', 'x-csrf-token': token };
  const response = await post(`${base}/api/register`, headers, { username: `pollv${index}_${Date.now().toString(36).slice(-5)}`, password: PASSWORD });
  if (response.status === 503 && attempt < 5) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return register(base, index, attempt + 1);
  }
  if (response.status !== 201) throw new Error(`register ${index}: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { headers: { ...headers, cookie }, ballot: [] };
}

/** A random non-empty subset of the options. */
function randomBallot(optionIds: number[]): number[] {
  const chosen = optionIds.filter(() => Math.random() < 0.4);
  return chosen.length > 0 ? chosen : [optionIds[Math.floor(Math.random() * optionIds.length)]!];
}

async function main() {
  buildIfMissing();
  const admin = await benchAdminUrl(values['database-url']);
  const name = `bench_polls_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: admin.url });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const databaseUrl = withDatabase(admin.url, name);

  const port = await freePort();
  const env = { ...process.env, DATABASE_URL: databaseUrl, SECRET: serverSecret(), RATE_LIMIT: 'off', POW: 'off', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'hushboard-bench-')) };
  const child: ChildProcess = spawn(process.execPath, [path.join(projectRoot, 'dist', 'server', 'main.js')], { cwd: projectRoot, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/readyz`, child);
    // Accounts a few at a time: registering is an argon2id derivation each, not what is measured.
    const voters: Voter[] = [];
    for (let start = 0; start < VOTERS; start += 4) {
      voters.push(...(await Promise.all(Array.from({ length: Math.min(4, VOTERS - start) }, (_, i) => register(base, start + i)))));
    }
    const boards = (await (await fetch(`${base}/api/boards`)).json()) as { id: number }[];
    const created = await post(`${base}/api/threads`, voters[0]!.headers, {
      boardId: boards[0]!.id,
      title: 'The benchmark poll',
      content: 'Everyone votes at once.',
      poll: { question: 'Which ones?', options: ['One', 'Two', 'Three', 'Four', 'Five'], multiple: true, showResults: 'always' },
    });
    if (created.status !== 201) throw new Error(`thread: ${created.status} ${await created.text()}`);
    const thread = (await created.json()) as { id: number; poll: PollAnswer };
    const poll = thread.poll;
    const optionIds = poll.options.map((option) => option.id);

    const latencies: number[] = [];
    const perRound: { round: number; p50: number; p99: number; max: number; wallMs: number }[] = [];
    for (let round = 0; round <= ROUNDS; round++) {
      const roundLatencies: number[] = [];
      const started = performance.now();
      await Promise.all(
        voters.map(async (voter) => {
          const ballot = randomBallot(optionIds);
          const sent = performance.now();
          const response = await post(`${base}/api/polls/${poll.id}/vote`, voter.headers, { optionIds: ballot });
          const answer = (await response.json()) as PollAnswer;
          roundLatencies.push(performance.now() - sent);
          if (response.status !== 200) throw new Error(`vote: ${response.status} ${JSON.stringify(answer)}`);
          voter.ballot = answer.myVote!;
        }),
      );
      const wallMs = performance.now() - started;
      roundLatencies.sort((a, b) => a - b);
      // Round 0 warms the server (first ballots, JIT): measured rounds are the changes after it.
      if (round > 0) latencies.push(...roundLatencies);
      perRound.push({ round, p50: quantile(roundLatencies, 0.5), p99: quantile(roundLatencies, 0.99), max: roundLatencies.at(-1)!, wallMs });
    }

    // Reference on the same machine at the same moment: one round of the same voters up- or
    // down-voting the thread (POST /api/threads/{id}/vote), the board's oldest concurrent write.
    const reference: number[] = [];
    await Promise.all(
      voters.map(async (voter, index) => {
        const sent = performance.now();
        const response = await post(`${base}/api/threads/${thread.id}/vote`, voter.headers, { voteType: index % 2 ? 1 : -1 });
        await response.arrayBuffer();
        reference.push(performance.now() - sent);
      }),
    );
    reference.sort((a, b) => a - b);

    // Exactness: the API's counts, the voters' last answered ballots, and the table agree.
    const expected = new Map(optionIds.map((id) => [id, 0]));
    for (const voter of voters) for (const id of voter.ballot) expected.set(id, expected.get(id)! + 1);
    const final = (await (await fetch(`${base}/api/threads/${thread.id}`)).json()) as { poll: PollAnswer };
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ option: number; count: number }>(
      'SELECT o AS option, count(*)::int AS count FROM poll_ballots, unnest(option_ids) o WHERE poll_id = $1 GROUP BY o',
      [poll.id],
    );
    await db.end();
    const inTable = new Map(rows.map((row) => [row.option, row.count]));
    const exact =
      final.poll.voters === VOTERS &&
      final.poll.options.every((option) => option.votes === expected.get(option.id) && option.votes === (inTable.get(option.id) ?? 0));

    latencies.sort((a, b) => a - b);
    const p99 = quantile(latencies, 0.99);
    console.table(perRound.map((row) => ({ ...row, p50: row.p50.toFixed(1), p99: row.p99.toFixed(1), max: row.max.toFixed(1), wallMs: row.wallMs.toFixed(0) })));
    console.log(`counts: API ${JSON.stringify(final.poll.options.map((option) => option.votes))}, ballots answered ${JSON.stringify([...expected.values()])}, table ${JSON.stringify(optionIds.map((id) => inTable.get(id) ?? 0))}`);
    console.log(`${VOTERS} concurrent voters x ${ROUNDS} rounds: p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (target < ${P99_TARGET_MS} ms), counts ${exact ? 'exact' : 'WRONG'}`);
    console.log(`reference, the same voters voting on the thread at once: p50 ${quantile(reference, 0.5).toFixed(1)} ms, p99 ${quantile(reference, 0.99).toFixed(1)} ms`);
    if (!exact || p99 >= P99_TARGET_MS) process.exitCode = 1;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    const cleanup = new pg.Client({ connectionString: admin.url });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
    await cleanup.end();
    await admin.stop();
  }
}

await main();
