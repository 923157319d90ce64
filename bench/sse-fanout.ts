// SSE fan-out (CONTRACT.md section 10; the several-instances issue): N open event
// streams on one thread, one reply, and how long the `post` event took to reach each
// stream from the reply's 201; then the same across two instances (N/2 each), where
// every delivery goes through PostgreSQL LISTEN/NOTIFY. Also the server's RSS per open
// stream, and its CPU per delivered event.
//
//   npx tsx bench/sse-fanout.ts [--streams 10000] [--database-url postgres://...]
//
// (npm run bench runs it too, after the other scenarios; `--only fan-out` just it.)
// Targets: p99 <= 1 s from the 201, 100% delivered, RSS <= 20 KB per stream. Each open
// stream is a connection, so the generator and each server need a file-descriptor limit
// above N (`ulimit -n`; 20,000 here). The generator (bench/sse-streams.mjs) is one
// process sharing the machine's cores with the servers and PostgreSQL: its own delay
// in reading ten thousand sockets is inside the figures.
import { parseArgs } from 'node:util';
import { benchAdminUrl } from './data.js';
import type { Check } from './targets.js';
import { buildIfMissing, serverSecret } from './processes.js';
import { cpuMicros, freshDatabase, type Instance, percentile, rssKb, sleep, startInstance, stopInstances, streamGenerator, writer } from './live-servers.js';

export interface FanoutRun {
  instances: number;
  streams: number;
  opened: number;
  openFailed: Record<string, number>;
  openSeconds: number;
  delivered: number;
  /** Milliseconds from the reply's 201 to the event on each stream (negative: the event came first). */
  ms: { p50: number; p99: number; max: number };
  /** The same from the moment the reply was sent: an upper bound, whatever the 201 waited for. */
  fromRequestMs: { p50: number; p99: number; max: number };
  /** Each reply's p99 from the 201. */
  roundP99s: number[];
  /** Per instance: RSS before and with the streams, and per stream. */
  rss: { beforeMb: number; afterMb: number; perStreamKb: number }[];
  /** Server CPU (all instances) for one reply's delivery, per stream. */
  cpuMicrosPerDelivery: number;
  /** Every delivery within 1 s, all delivered, <= 20 KB per stream. */
  met: boolean;
}

const TARGET_P99_MS = 1_000;
const TARGET_KB_PER_STREAM = 20;
const ROUNDS = 3;

/** One configuration: `instances` servers on one fresh database, `streams` split evenly. */
async function fanout(adminUrl: string, streams: number, instances: number): Promise<FanoutRun> {
  const databaseUrl = await freshDatabase(adminUrl, 'bench_live_fanout');
  const secret = serverSecret();
  const servers: Instance[] = [];
  const generator = streamGenerator();
  try {
    for (let i = 0; i < instances; i++) servers.push(await startInstance(databaseUrl, secret));
    const author = await writer(servers[0]!.url);
    const threadId = await author.thread('Fan-out');
    // Warm: each server's route, its LISTEN connection and the JIT, with a few streams and a reply.
    const warm = streamGenerator();
    await warm.open(servers.map(({ url }) => ({ base: url, threadId, count: 50 })), { firstAddress: 1_000_000 });
    await warm.arm();
    await author.reply(threadId, 'warm-up');
    await warm.awaitDelivery(5_000);
    await warm.close();
    await sleep(1_000);

    const before = servers.map(({ pid }) => rssKb(pid));
    const per = Math.ceil(streams / instances);
    const opened = await generator.open(servers.map(({ url }) => ({ base: url, threadId, count: per })), { concurrency: 50 });
    await sleep(2_000);
    const after = servers.map(({ pid }) => rssKb(pid));
    console.log(`  ${opened.open} streams open in ${(opened.ms / 1000).toFixed(1)} s${opened.failed ? `, ${opened.failed} refused: ${JSON.stringify(opened.errors)}` : ''}`);

    // A few replies, a second apart; the median round's figures stand (the first pays any leftover warm-up).
    const rounds: { delivered: number; sorted: number[]; fromRequest: number[]; cpu: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await generator.arm();
      const cpuBefore = servers.reduce((n, { pid }) => n + cpuMicros(pid), 0);
      const reply = await author.reply(threadId, `fan-out round ${round}`);
      const result = await generator.awaitDelivery(10_000);
      await sleep(200);
      const cpu = servers.reduce((n, { pid }) => n + cpuMicros(pid), 0) - cpuBefore;
      const sorted = result.times.map((t) => t - reply.createdAt).sort((x, y) => x - y);
      const fromRequest = result.times.map((t) => t - reply.sentAt).sort((x, y) => x - y);
      rounds.push({ delivered: result.times.length, sorted, fromRequest, cpu });
      console.log(
        `  round ${round + 1}: delivered ${result.times.length}/${opened.open}, from the 201: p50 ${Math.round(percentile(sorted, 50))} ms, p99 ${Math.round(percentile(sorted, 99))} ms, max ${Math.round(sorted.at(-1) ?? NaN)} ms; from the request: p99 ${Math.round(percentile(fromRequest, 99))} ms (the 201 took ${Math.round(reply.createdAt - reply.sentAt)} ms); server CPU ${Math.round(cpu / 1000)} ms${result.missing ? `; missing: ${JSON.stringify(result.missingWhy)}` : ''}`,
      );
      await sleep(1_000);
    }
    const median = [...rounds].sort((x, y) => percentile(x.sorted, 99) - percentile(y.sorted, 99))[Math.floor(ROUNDS / 2)]!;
    const rss = servers.map((_, i) => ({
      beforeMb: Math.round(before[i]! / 1024),
      afterMb: Math.round(after[i]! / 1024),
      perStreamKb: +((after[i]! - before[i]!) / Math.max(1, per)).toFixed(1),
    }));
    const summary = (sorted: number[]) => ({ p50: Math.round(percentile(sorted, 50)), p99: Math.round(percentile(sorted, 99)), max: Math.round(sorted.at(-1) ?? NaN) });
    const ms = summary(median.sorted);
    const worstDelivered = Math.min(...rounds.map((r) => r.delivered));
    return {
      instances,
      streams,
      opened: opened.open,
      openFailed: opened.errors,
      openSeconds: +(opened.ms / 1000).toFixed(1),
      delivered: worstDelivered,
      ms,
      fromRequestMs: summary(median.fromRequest),
      roundP99s: rounds.map((r) => Math.round(percentile(r.sorted, 99))),
      rss,
      cpuMicrosPerDelivery: +(median.cpu / Math.max(1, median.delivered)).toFixed(1),
      met: opened.open === streams && worstDelivered === streams && rounds.every((r) => percentile(r.sorted, 99) <= TARGET_P99_MS) && rss.every((r) => r.perStreamKb <= TARGET_KB_PER_STREAM),
    };
  } finally {
    await generator.close();
    await stopInstances(servers);
  }
}

export function describeFanout(run: FanoutRun): string {
  return (
    `${run.streams} streams on ${run.instances} instance${run.instances > 1 ? 's' : ''}: delivered ${run.delivered}/${run.streams} (worst of ${ROUNDS} replies), ` +
    `from the 201 p50 ${run.ms.p50} ms, p99 ${run.ms.p99} ms, max ${run.ms.max} ms (median reply; each reply's p99 ${run.roundP99s.join(' / ')} ms); ` +
    `from the request p50 ${run.fromRequestMs.p50} ms, p99 ${run.fromRequestMs.p99} ms; ` +
    `RSS ${run.rss.map((r) => `${r.beforeMb} -> ${r.afterMb} MB (${r.perStreamKb} KB/stream)`).join(', ')}; ` +
    `server CPU ${run.cpuMicrosPerDelivery} µs per delivery; opened in ${run.openSeconds} s; ${run.met ? 'targets met' : 'targets MISSED'}`
  );
}

export function fanoutChecks(runs: FanoutRun[]): Check[] {
  return runs.map((run) => ({
    target: `SSE fan-out, ${run.streams} streams on ${run.instances} instance(s): 100% delivered, p99 <= ${TARGET_P99_MS} ms from the 201, RSS <= ${TARGET_KB_PER_STREAM} KB per stream`,
    measured: describeFanout(run),
    met: run.met,
  }));
}

/** Both configurations of the issue: N streams on one instance, then N/2 on each of two. */
export async function sseFanout(adminUrl: string, streams = 10_000): Promise<FanoutRun[]> {
  const runs: FanoutRun[] = [];
  for (const instances of [1, 2]) {
    console.log(`\nSSE fan-out: ${streams} streams, ${instances} instance${instances > 1 ? 's' : ''}`);
    const run = await fanout(adminUrl, streams, instances);
    console.log(`  ${describeFanout(run)}`);
    runs.push(run);
  }
  return runs;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { streams: { type: 'string', default: '10000' }, 'database-url': { type: 'string' } } });
  const admin = await benchAdminUrl(values['database-url']);
  try {
    buildIfMissing();
    await sseFanout(admin.url, Number(values.streams));
  } finally {
    await admin.stop();
  }
}
