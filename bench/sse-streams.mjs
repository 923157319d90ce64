// The event-stream load generator, in a process of its own (forked by bench/sse-fanout.ts
// and bench/readers.ts, driven over IPC) so that the benchmark's own clock, which stamps
// a reply's 201, never waits behind ten thousand sockets. Each stream is what an
// EventSource is: one GET /api/events?thread=N on a connection of its own (node:http,
// no agent), from an address of its own (X-Forwarded-For; the instances trust it), since
// an instance admits only 8 streams per address. Times are epoch milliseconds with
// sub-millisecond precision (performance.timeOrigin + now), comparable across processes.
//
// Messages in: {type:'open', targets:[{base, threadId, count}], concurrency, firstAddress}
//              {type:'arm'}   forget what was heard; report the next `post` on every stream
//              {type:'await', timeoutMs}   answer once every stream heard a `post`, or at the timeout
//              {type:'poll', base, threadId, count, intervalMs}   today's fallback instead of streams
//              {type:'counts'}   the pollers' requests so far
//              {type:'close'}
// Messages out: {type:'opened', open, failed, errors, ms} / {type:'delivered', times, missing}
//               {type:'armed'}, {type:'closed'}, {type:'polling', readers}, {type:'counts', requests, notModified, ok, failed}
// With `refetch` in `open`, a stream that hears a `post` also GETs the thread page once
// (what the web app does: it invalidates the thread's query), answering `refetched` times.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { setTimeout } from 'node:timers';

const now = () => performance.timeOrigin + performance.now();
const streams = [];
let armed = false;
let refetch = false;

const address = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

function openStream(base, threadId, n) {
  return new Promise((resolve) => {
    const stream = { heard: undefined, fetched: undefined, request: undefined, tail: '', base, threadId, address: address(n) };
    const request = http.get(`${base}/api/events?thread=${threadId}`, { agent: false, headers: { 'x-forwarded-for': stream.address, accept: 'text/event-stream' } });
    stream.request = request;
    request.on('error', (error) => resolve({ error: error.code ?? error.message }));
    request.on('response', (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        resolve({ error: `HTTP ${response.statusCode}` });
        return;
      }
      response.setEncoding('utf8');
      let opened = false;
      response.on('data', (chunk) => {
        const text = stream.tail + chunk;
        stream.tail = text.slice(-16);
        if (!opened) {
          opened = true;
          streams.push(stream);
          resolve({ stream });
        }
        if (armed && stream.heard === undefined && text.includes('event: post')) {
          stream.heard = now();
          if (refetch) refetchPage(stream);
        }
      });
      response.on('error', (error) => (stream.ended = error.code ?? error.message));
      response.on('close', () => (stream.ended ??= 'closed'));
    });
  });
}

const pageAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });
function refetchPage(stream) {
  // With the ETag of its last copy, as the browser's cache revalidates the app's fetch.
  const headers = { 'x-forwarded-for': stream.address, ...(stream.etag ? { 'if-none-match': stream.etag } : {}) };
  const request = http.get(`${stream.base}/api/threads/${stream.threadId}`, { agent: pageAgent, headers });
  request.on('response', (response) => {
    stream.etag = response.headers.etag ?? stream.etag;
    response.resume();
    response.on('end', () => (stream.fetched = now()));
  });
  request.on('error', () => (stream.fetched = -1));
}

async function open({ targets, concurrency, firstAddress = 1, refetch: wantRefetch = false }) {
  refetch = wantRefetch;
  const started = now();
  let open = 0;
  let failed = 0;
  const errors = {};
  let n = firstAddress;
  for (const { base, threadId, count } of targets) {
    let next = 0;
    const worker = async () => {
      while (next < count) {
        next++;
        const result = await openStream(base, threadId, n++);
        if (result.stream) open++;
        else {
          failed++;
          errors[result.error] = (errors[result.error] ?? 0) + 1;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  }
  process.send({ type: 'opened', open, failed, errors, ms: Math.round(now() - started) });
}

async function awaitDelivery({ timeoutMs }) {
  const until = now() + timeoutMs;
  const done = () => streams.every((s) => s.heard !== undefined && (!refetch || s.fetched !== undefined)) && pollers.every((r) => r.heard !== undefined);
  while (!done() && now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  if (pollers.length > 0) {
    process.send({ type: 'delivered', times: pollers.filter((r) => r.heard !== undefined).map((r) => r.heard), refetched: [], missing: pollers.filter((r) => r.heard === undefined).length });
    return;
  }
  process.send({
    type: 'delivered',
    times: streams.filter((s) => s.heard !== undefined).map((s) => s.heard),
    refetched: refetch ? streams.filter((s) => s.fetched !== undefined && s.fetched > 0).map((s) => s.fetched) : [],
    missing: streams.filter((s) => s.heard === undefined).length,
    // Why the missing ones heard nothing: the server ended them, or they are open and silent.
    missingWhy: streams.filter((s) => s.heard === undefined).reduce((why, s) => ({ ...why, [s.ended ?? 'open']: (why[s.ended ?? 'open'] ?? 0) + 1 }), {}),
  });
}

/**
 * Today's fallback, for comparison: `count` readers each revalidating the thread page
 * every `intervalMs` (If-None-Match, as the browser's cache does for the app's fetch),
 * starts spread over the first interval, each on a keep-alive connection of its own.
 * Armed, a reader's first 200 is when it saw the change.
 */
const pollers = [];
let polling = false;
const counts = { requests: 0, notModified: 0, ok: 0, failed: 0 };
function poll({ base, threadId, count, intervalMs, firstAddress = 1 }) {
  polling = true;
  for (let i = 0; i < count; i++) {
    const reader = { etag: undefined, heard: undefined, agent: new http.Agent({ keepAlive: true, maxSockets: 1 }), address: address(firstAddress + i) };
    pollers.push(reader);
    const tick = () => {
      if (!polling) return;
      const started = now();
      const request = http.get(`${base}/api/threads/${threadId}`, { agent: reader.agent, headers: { 'x-forwarded-for': reader.address, ...(reader.etag ? { 'if-none-match': reader.etag } : {}) } });
      request.on('response', (response) => {
        response.resume();
        response.on('end', () => {
          counts.requests++;
          if (response.statusCode === 304) counts.notModified++;
          else if (response.statusCode === 200) {
            counts.ok++;
            reader.etag = response.headers.etag ?? reader.etag;
            if (armed && reader.heard === undefined) reader.heard = now();
          } else counts.failed++;
          setTimeout(tick, Math.max(0, intervalMs - (now() - started)));
        });
      });
      request.on('error', () => {
        counts.failed++;
        setTimeout(tick, intervalMs);
      });
    };
    setTimeout(tick, Math.random() * intervalMs);
  }
  process.send({ type: 'polling', readers: count });
}

process.on('message', (message) => {
  if (message.type === 'poll') poll(message);
  else if (message.type === 'counts') process.send({ type: 'counts', ...counts });
  else if (message.type === 'open') void open(message);
  else if (message.type === 'arm') {
    for (const stream of streams) {
      stream.heard = undefined;
      stream.fetched = undefined;
    }
    for (const reader of pollers) reader.heard = undefined;
    armed = true;
    process.send({ type: 'armed' });
  } else if (message.type === 'await') void awaitDelivery(message);
  else if (message.type === 'close') {
    polling = false;
    for (const reader of pollers.splice(0)) reader.agent.destroy();
    for (const stream of streams.splice(0)) stream.request.destroy();
    pageAgent.destroy();
    process.send({ type: 'closed' }, () => process.exit(0));
  }
});
process.on('disconnect', () => process.exit(0));
