import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { createReply, createThread, signUp } from '../../test/factories.js';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

/** One sample line of the Prometheus text format: name, optional {labels}, value. */
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*\})? (-?[0-9.e+-]+|[Nn][Aa][Nn]|\+Inf|-Inf)$/;

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses the exposition text strictly (NaN in any letter case, as Prometheus's own parser takes it: prom-client writes `Nan` for an empty mean): every line a comment (# HELP/# TYPE) or a sample; anything else fails. */
function parseExposition(text: string): { samples: Sample[]; families: Map<string, string> } {
  const samples: Sample[] = [];
  const families = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('# HELP ')) continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      families.set(type[1]!, type[2]!);
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return { samples, families };
}

describe('GET /metrics, off by default', () => {
  const t = useTestApp();

  it('answers 404 with neither METRICS_TOKEN nor METRICS_PORT, token or not', async () => {
    expect((await t.client().get('/metrics')).statusCode).toBe(404);
    expect((await t.client().get('/metrics', { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(404);
    expect(t.app.metricsListener).toBeUndefined();
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const t = useTestApp({ config: { metrics: { token: TOKEN, port: undefined } } });
  const scrape = async () => {
    const response = await t.client().get('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('answers 401 without the token or with a wrong one, revealing nothing', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN, 'Bearer ']) {
      const response = await t.client().get('/metrics', authorization === undefined ? undefined : { authorization });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized' });
      expect(response.body).not.toContain('hushboard_');
    }
  });

  it('serves the Prometheus text format with every family: requests, pool, live streams, jobs, caches, proof of work, process', async () => {
    await t.client().get('/api/boards');
    const { families, samples } = parseExposition(await scrape());
    for (const [name, type] of [
      ['hushboard_http_requests_total', 'counter'],
      ['hushboard_http_request_duration_seconds', 'histogram'],
      ['hushboard_db_pool_connections', 'gauge'],
      ['hushboard_db_pool_idle', 'gauge'],
      ['hushboard_db_pool_waiting', 'gauge'],
      ['hushboard_db_pool_wait_seconds', 'histogram'],
      ['hushboard_live_streams', 'gauge'],
      ['hushboard_live_delivery_lag_seconds', 'histogram'],
      ['hushboard_job_runs_total', 'counter'],
      ['hushboard_job_duration_seconds', 'histogram'],
      ['hushboard_cache_lookups_total', 'counter'],
      ['hushboard_pow_difficulty', 'gauge'],
      ['hushboard_process_cpu_seconds_total', 'counter'],
      ['hushboard_process_resident_memory_bytes', 'gauge'],
      ['hushboard_nodejs_eventloop_lag_seconds', 'gauge'],
      ['hushboard_nodejs_eventloop_lag_p99_seconds', 'gauge'],
    ] as const) {
      expect(families.get(name), name).toBe(type);
    }
    const boards = samples.find((s) => s.name === 'hushboard_http_requests_total' && s.labels.route === '/api/boards' && s.labels.method === 'GET');
    expect(boards).toMatchObject({ labels: { status_class: '2xx' } });
    expect(boards!.value).toBeGreaterThanOrEqual(1);
    const buckets = samples.filter((s) => s.name === 'hushboard_http_request_duration_seconds_bucket' && s.labels.route === '/api/boards' && s.labels.status_class === '2xx');
    expect(buckets.at(-1)).toMatchObject({ labels: { le: '+Inf' }, value: boards!.value });
    // Cumulative buckets never go down.
    for (let i = 1; i < buckets.length; i++) expect(buckets[i]!.value).toBeGreaterThanOrEqual(buckets[i - 1]!.value);
  });

  it('counts a thread request under its route pattern only, never its URL, and unknown paths under one label', async () => {
    await t.client().get('/api/threads/123?x=secret-query-value');
    await t.client().get('/api/no-such-route-abc987');
    await t.client().get('/no-such-page-xyz654.txt');
    const text = await scrape();
    expect(text).not.toContain('secret-query-value');
    expect(text).not.toContain('/api/threads/123');
    expect(text).not.toContain('abc987');
    expect(text).not.toContain('xyz654');
    const { samples } = parseExposition(text);
    const thread = samples.find((s) => s.name === 'hushboard_http_requests_total' && s.labels.route === '/api/threads/:id' && s.labels.status_class === '4xx');
    expect(thread?.value).toBe(1);
    const unmatched = samples.find((s) => s.name === 'hushboard_http_requests_total' && s.labels.route === '(unmatched)' && s.labels.method === 'GET' && s.labels.status_class === '4xx');
    expect(unmatched?.value).toBeGreaterThanOrEqual(2);
  });

  it('counts the visitors\' kept thread pages as cache hits and misses', async () => {
    const author = await signUp(t);
    const thread = await createThread(t, author);
    const read = () => t.client().get(`/api/threads/${thread.id}`);
    expect((await read()).statusCode).toBe(200);
    expect((await read()).statusCode).toBe(200);
    const { samples } = parseExposition(await scrape());
    const lookups = (result: string) => samples.find((s) => s.name === 'hushboard_cache_lookups_total' && s.labels.cache === 'thread_pages' && s.labels.result === result)?.value ?? 0;
    expect(lookups('miss')).toBeGreaterThanOrEqual(1);
    // The second read is served from the page kept by the first once the instance listens for changes.
    expect(lookups('hit') + lookups('miss')).toBeGreaterThanOrEqual(2);
  });

  it('no label value anywhere carries a username, an IP, an ipHash, a title or a post\'s text', async () => {
    const ip = '198.51.100.77';
    const author = await signUp(t, { ip, prefix: 'zq' });
    const admin = await signUp(t, { admin: true });
    const thread = await createThread(t, author, { title: 'Distinctive title quokka42', content: 'Distinctive body wombat99', isAnonymous: false });
    await createReply(author, thread.id, { content: 'Distinctive reply platypus77' });
    await author.client.get(`/api/users/${author.username}`);
    await author.client.get('/api/search?query=quokka42');
    const ipHash = (await admin.client.get(`/api/threads/${thread.id}`)).json().ipHash as string;
    expect(ipHash).toMatch(/\w{8}/);
    const { samples } = parseExposition(await scrape());
    const labelValues = samples.flatMap((s) => Object.values(s.labels));
    for (const secret of [author.username, admin.username, ip, ipHash, 'quokka42', 'wombat99', 'platypus77']) {
      expect(labelValues.filter((value) => value.includes(secret)), secret).toEqual([]);
    }
    // Ids are small numbers a bucket bound may equal: no label is a path holding one.
    expect(labelValues.filter((value) => value.includes(`/${thread.id}`))).toEqual([]);
    // Every route label is a pattern the app registered, or one of the two fixed words.
    const routes = new Set(samples.filter((s) => s.labels.route !== undefined).map((s) => s.labels.route!));
    for (const route of routes) expect(route).toMatch(/^(\/[\w.\-:*/]*|\(pages\)|\(unmatched\))$/);
  });
});

describe('GET /metrics on METRICS_PORT', () => {
  const t = useTestApp({ config: { metrics: { token: undefined, port: 0 } } });

  it('serves it on a loopback listener without a token, and not on the main port', async () => {
    const address = t.app.metricsListener!.address() as AddressInfo;
    expect(address.address).toBe('127.0.0.1');
    const response = await fetch(`http://127.0.0.1:${address.port}/metrics`);
    expect(response.status).toBe(200);
    const { families } = parseExposition(await response.text());
    expect(families.get('hushboard_http_requests_total')).toBe('counter');
    expect((await fetch(`http://127.0.0.1:${address.port}/api/boards`)).status).toBe(404);
    // The main port: no token was set, so it is not there at all.
    expect((await t.client().get('/metrics')).statusCode).toBe(404);
    expect((await t.client().get('/metrics', { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(404);
  });
});
