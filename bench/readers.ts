// Readers per instance: N visitors reading one thread page (100 replies), measured two
// ways on one instance, each through a quiet window (nothing changes) and then an event
// window (three replies, 8 s apart):
//  - poll: today's fallback, every reader revalidating the page every 5 s (If-None-Match);
//  - sse: every reader holding an event stream and refetching the page on `post` (what the
//    web app does).
// For each: the server's CPU and the database's transactions (pg_stat_database
// xact_commit + xact_rollback; every statement outside a transaction is one), less the
// idle server's, per reader-second while quiet and per reader per reply; how long a reply
// took to reach the readers' pages; server RSS per reader.
//
//   npx tsx bench/readers.ts [--readers 2000] [--quiet 20] [--database-url postgres://...]
//
// (npm run bench runs it too, after the fan-out; `--only readers` just it.)
// Readers per instance is a CPU-bound estimate: one core (the server's JavaScript is one
// thread) over the CPU per reader-second, quiet cost + reply rate x cost per reply, given
// at three reply rates.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { benchAdminUrl } from './data.js';
import type { Check } from './targets.js';
import { buildIfMissing } from './processes.js';
import { cpuMicros, freshDatabase, percentile, rssKb, sleep, startInstance, stopInstances, streamGenerator, transactions, writer } from './live-servers.js';

const POLL_INTERVAL_MS = 5_000;
const THREAD_REPLIES = 100;
const IDLE_SECONDS = 10;
/** Replies posted into the window, evenly. */
const EVENTS = 3;
/** Reply rates the stream estimate is given at: a very busy thread, a lively one, a quiet one. */
const RATES = [
  { name: 'a reply every 5 s', perSecond: 1 / 5 },
  { name: 'a reply a minute', perSecond: 1 / 60 },
  { name: 'a reply every 10 min', perSecond: 1 / 600 },
];

export interface ReadersRun {
  mode: 'poll' | 'sse';
  readers: number;
  /** A quiet window (no reply) and an event window (EVENTS replies, EVENT_GAP_MS apart), seconds. */
  quietSeconds: number;
  eventSeconds: number;
  events: number;
  /** poll: requests in the quiet window (all 304 when nothing changed). */
  quietRequests?: { total: number; notModified: number; ok: number; failed: number };
  /** What holding N readers costs while nothing changes, less the idle server's: per reader-second. */
  quiet: { cpuMicrosPerReaderSecond: number; transactionsPerReaderSecond: number; cpuMicrosPerPoll?: number; transactionsPerPoll?: number };
  /** What each reply costs on top of the quiet rate, per reader. */
  perEvent: { cpuMicrosPerReader: number; transactionsPerReader: number };
  /** From a reply's 201 to a reader having the page with it (sse: also to the event), ms, the worst reply. */
  delivery: { p50: number; p99: number; max: number; delivered: number };
  eventDelivery?: { p50: number; p99: number; max: number };
  rssMb: { before: number; after: number; perReaderKb: number };
}

/** Replies in the event window, and the time between them (a poller sees each within one interval). */
const EVENT_GAP_MS = 8_000;

async function measure(adminUrl: string, mode: 'poll' | 'sse', readers: number, quietSeconds: number): Promise<ReadersRun> {
  const databaseUrl = await freshDatabase(adminUrl, 'bench_live_readers');
  const server = await startInstance(databaseUrl);
  const generator = streamGenerator();
  const stats = new pg.Client({ connectionString: databaseUrl });
  await stats.connect();
  try {
    const author = await writer(server.url);
    const threadId = await author.thread('Read by many');
    for (let i = 0; i < THREAD_REPLIES; i++) await author.reply(threadId, `Reply ${i + 1}: some words so that the page weighs what a real one does.`);
    // Warm the page's code and plans.
    for (let i = 0; i < 200; i++) await (await fetch(`${server.url}/api/threads/${threadId}`)).arrayBuffer();

    // The idle server (its jobs, this counter): taken off every window below.
    await sleep(1_500);
    const idleCpu0 = cpuMicros(server.pid);
    const idleX0 = await transactions(stats);
    await sleep(IDLE_SECONDS * 1000);
    const idleCpuRate = (cpuMicros(server.pid) - idleCpu0) / IDLE_SECONDS;
    const idleXRate = ((await transactions(stats)) - idleX0) / IDLE_SECONDS;

    const rssBefore = rssKb(server.pid);
    if (mode === 'poll') {
      await generator.poll({ base: server.url, threadId, count: readers, intervalMs: POLL_INTERVAL_MS });
      // One interval: every reader has its copy (and ETag) before the windows.
      await sleep(POLL_INTERVAL_MS + 1_000);
    } else {
      const opened = await generator.open([{ base: server.url, threadId, count: readers }], { concurrency: 50, refetch: true });
      if (opened.failed) throw new Error(`streams refused: ${JSON.stringify(opened.errors)}`);
      await sleep(1_000);
    }
    const rssAfter = rssKb(server.pid);

    // The quiet window: readers held, nothing changes.
    const window = async (work: () => Promise<void>) => {
      const counts0 = mode === 'poll' ? await generator.counts() : undefined;
      const cpu0 = cpuMicros(server.pid);
      const x0 = await transactions(stats);
      const started = Date.now();
      await work();
      const seconds = (Date.now() - started) / 1000;
      const counts1 = mode === 'poll' ? await generator.counts() : undefined;
      return {
        seconds,
        cpu: cpuMicros(server.pid) - cpu0 - idleCpuRate * seconds,
        xacts: (await transactions(stats)) - x0 - idleXRate * seconds,
        requests: counts0 && counts1 ? { total: counts1.requests - counts0.requests, notModified: counts1.notModified - counts0.notModified, ok: counts1.ok - counts0.ok, failed: counts1.failed - counts0.failed } : undefined,
      };
    };
    const quiet = await window(async () => void (await sleep(quietSeconds * 1000)));

    // The event window: EVENTS replies, EVENT_GAP_MS apart, each followed to every reader.
    const deliveries: { page: number[]; event: number[] }[] = [];
    const busy = await window(async () => {
      const started = Date.now();
      for (let event = 0; event < EVENTS; event++) {
        await sleep(Math.max(0, started + event * EVENT_GAP_MS - Date.now()));
        await generator.arm();
        const reply = await author.reply(threadId, `Live reply ${event + 1}`);
        const result = await generator.awaitDelivery(EVENT_GAP_MS - 500);
        const page = (mode === 'poll' ? result.times : result.refetched).map((t) => t - reply.createdAt).sort((a, b) => a - b);
        deliveries.push({ page, event: mode === 'sse' ? result.times.map((t) => t - reply.createdAt).sort((a, b) => a - b) : [] });
      }
      await sleep(Math.max(0, started + EVENTS * EVENT_GAP_MS - Date.now()));
    });

    const quietCpuRate = quiet.cpu / quiet.seconds;
    const quietXRate = quiet.xacts / quiet.seconds;
    const worst = (key: 'page' | 'event') => [...deliveries].sort((a, b) => percentile(b[key], 99) - percentile(a[key], 99))[0]!;
    const summary = (sorted: number[]) => ({ p50: Math.round(percentile(sorted, 50)), p99: Math.round(percentile(sorted, 99)), max: Math.round(sorted.at(-1) ?? NaN) });
    return {
      mode,
      readers,
      quietSeconds: +quiet.seconds.toFixed(1),
      eventSeconds: +busy.seconds.toFixed(1),
      events: EVENTS,
      ...(quiet.requests ? { quietRequests: quiet.requests } : {}),
      quiet: {
        cpuMicrosPerReaderSecond: +(quietCpuRate / readers).toFixed(2),
        transactionsPerReaderSecond: +(quietXRate / readers).toFixed(4),
        ...(quiet.requests ? { cpuMicrosPerPoll: Math.round(quiet.cpu / quiet.requests.total), transactionsPerPoll: +(quiet.xacts / quiet.requests.total).toFixed(2) } : {}),
      },
      perEvent: {
        cpuMicrosPerReader: Math.round((busy.cpu - quietCpuRate * busy.seconds) / (readers * EVENTS)),
        transactionsPerReader: +((busy.xacts - quietXRate * busy.seconds) / (readers * EVENTS)).toFixed(2),
      },
      delivery: { ...summary(worst('page').page), delivered: Math.min(...deliveries.map((d) => d.page.length)) },
      ...(mode === 'sse' ? { eventDelivery: summary(worst('event').event) } : {}),
      rssMb: { before: Math.round(rssBefore / 1024), after: Math.round(rssAfter / 1024), perReaderKb: +((rssAfter - rssBefore) / readers).toFixed(1) },
    };
  } finally {
    await stats.end();
    await generator.close();
    await stopInstances([server]);
  }
}

export interface ReadersComparison {
  poll: ReadersRun;
  sse: ReadersRun;
  /**
   * CPU-bound readers one instance carries (one core), at each reply rate r: one core over
   * (quiet CPU per reader-second + r x CPU per reader per reply), for each way.
   */
  maxReaders: { rate: string; poll: number; sse: number; timesPolling: number }[];
}

export function describeReaders({ poll, sse, maxReaders }: ReadersComparison): string[] {
  const delivery = (run: ReadersRun) => `p50 ${run.delivery.p50} ms, p99 ${run.delivery.p99} ms, max ${run.delivery.max} ms (${run.delivery.delivered}/${run.readers})`;
  return [
    `poll every 5 s, ${poll.readers} readers: quiet ${poll.quietSeconds} s, ${poll.quietRequests!.total} polls (${poll.quietRequests!.notModified} 304, ${poll.quietRequests!.ok} 200, ${poll.quietRequests!.failed} failed): ` +
      `${poll.quiet.transactionsPerPoll} DB transactions and ${poll.quiet.cpuMicrosPerPoll} µs CPU per poll = ${poll.quiet.cpuMicrosPerReaderSecond} µs CPU per reader-second; ` +
      `each reply adds ${poll.perEvent.transactionsPerReader} transactions and ${poll.perEvent.cpuMicrosPerReader} µs per reader (its 200 instead of a 304); ` +
      `the readers had a reply ${delivery(poll)} after its 201; RSS ${poll.rssMb.before} -> ${poll.rssMb.after} MB (${poll.rssMb.perReaderKb} KB/reader)`,
    `sse + refetch on post, ${sse.readers} readers: quiet ${sse.quietSeconds} s: ${sse.quiet.transactionsPerReaderSecond} DB transactions and ${sse.quiet.cpuMicrosPerReaderSecond} µs CPU per reader-second; ` +
      `each reply costs ${sse.perEvent.transactionsPerReader} transactions and ${sse.perEvent.cpuMicrosPerReader} µs CPU per reader (event + refetch); ` +
      `event p50 ${sse.eventDelivery!.p50} ms, p99 ${sse.eventDelivery!.p99} ms after the 201; page with the reply ${delivery(sse)}; RSS ${sse.rssMb.before} -> ${sse.rssMb.after} MB (${sse.rssMb.perReaderKb} KB/reader)`,
    `readers one instance carries on one core (CPU-bound estimate): ${maxReaders.map((m) => `${m.rate}: polling ${m.poll}, streams ${m.sse} (${m.timesPolling}x)`).join('; ')}`,
  ];
}

/** The rate the issue's ">= 10x today's polling readers" is checked at. */
const CHECKED_RATE = RATES[1]!.name;
/** "No query per reader per event": what is left must be noise, not a query per reader. */
const MAX_TRANSACTIONS_PER_READER_EVENT = 0.05;

export function readersChecks({ poll, sse, maxReaders }: ReadersComparison): Check[] {
  const atRate = maxReaders.find((m) => m.rate === CHECKED_RATE)!;
  return [
    {
      target: 'readers: a watched thread page costs the database no query per reader per event',
      measured: `${sse.perEvent.transactionsPerReader} transactions per reader per reply (polling: ${poll.quiet.transactionsPerPoll} per poll every 5 s, ${poll.perEvent.transactionsPerReader} more per reply)`,
      met: sse.perEvent.transactionsPerReader <= MAX_TRANSACTIONS_PER_READER_EVENT,
    },
    {
      target: `readers: one instance carries >= 10x today's polling readers (${CHECKED_RATE})`,
      measured: `streams ${atRate.sse} vs polling ${atRate.poll} = ${atRate.timesPolling}x (CPU-bound estimate, one core)`,
      met: atRate.timesPolling >= 10,
    },
  ];
}

export async function readersBench(adminUrl: string, readers = 2_000, quietSeconds = 20): Promise<ReadersComparison> {
  console.log(`\nReaders of one thread page (${THREAD_REPLIES} replies), ${readers} readers: ${quietSeconds} s quiet, then ${EVENTS} replies ${EVENT_GAP_MS / 1000} s apart`);
  const poll = await measure(adminUrl, 'poll', readers, quietSeconds);
  const sse = await measure(adminUrl, 'sse', readers, quietSeconds);
  const core = 1_000_000;
  const perReaderSecond = (run: ReadersRun, rate: number) => Math.max(run.quiet.cpuMicrosPerReaderSecond, 0) + rate * Math.max(run.perEvent.cpuMicrosPerReader, 0);
  const comparison: ReadersComparison = {
    poll,
    sse,
    maxReaders: RATES.map(({ name, perSecond }) => {
      const pollMax = Math.floor(core / Math.max(perReaderSecond(poll, perSecond), 0.001));
      const sseMax = Math.floor(core / Math.max(perReaderSecond(sse, perSecond), 0.001));
      return { rate: name, poll: pollMax, sse: sseMax, timesPolling: +(sseMax / pollMax).toFixed(1) };
    }),
  };
  for (const line of describeReaders(comparison)) console.log(`  ${line}`);
  return comparison;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { readers: { type: 'string', default: '2000' }, quiet: { type: 'string', default: '20' }, 'database-url': { type: 'string' } } });
  const admin = await benchAdminUrl(values['database-url']);
  try {
    buildIfMissing();
    await readersBench(admin.url, Number(values.readers), Number(values.quiet));
  } finally {
    await admin.stop();
  }
}
