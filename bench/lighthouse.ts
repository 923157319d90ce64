// `npm run bench:lighthouse -- --posts 10000`: Lighthouse's default mobile audit
// (Moto G Power emulation, simulated slow 4G and 4x CPU throttling) of the production
// build's home, board and thread pages, in the project's Chromium (@sparticuz/chromium,
// as the e2e tests use). bench/run.ts calls lighthouseAudit() for its report.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import chromium from '@sparticuz/chromium';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { projectRoot } from '../src/server/lib/paths.js';
import { CHROMIUM_ARGS } from '../e2e/chromium-args.js';
import { benchAdminUrl } from './data.js';
import { buildIfMissing, dataSetUrl, freePort, serverSecret, waitFor } from './processes.js';

export interface LighthousePage {
  name: string;
  path: string;
}

export interface LighthouseScore {
  name: string;
  path: string;
  /** Lighthouse's performance score, 0-100. */
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Every run's performance score, in order; the fields above are the median run's. */
  allRuns: number[];
  /** The targets: performance >= 95, LCP <= 2.5 s, TBT <= 200 ms, CLS <= 0.1. */
  meetsTarget: boolean;
}

/** Board /g/ page 1 and thread 6 (100 replies) are the pages the API benchmark measures. */
export const AUDITED_PAGES: LighthousePage[] = [
  { name: 'home', path: '/' },
  { name: 'board', path: '/board/g' },
  { name: 'thread', path: '/thread/6' },
];

export const TARGET = { performance: 95, lcpMs: 2500, tbtMs: 200, cls: 0.1 };


/** Starts Chromium with a DevTools port of its choosing and a throw-away profile. */
async function launchChromium(): Promise<{ port: number; close: () => Promise<void> }> {
  const executablePath = process.env.CHROMIUM_PATH ?? (await chromium.executablePath());
  const profile = mkdtempSync(path.join(os.tmpdir(), 'hushboard-lighthouse-'));
  const browser = spawn(executablePath, [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not open its DevTools port:\n${output}`)), 30_000);
    browser.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    browser.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}) before opening its DevTools port:\n${output}`));
    });
  });
  browser.stderr!.resume();
  return {
    port,
    async close() {
      if (browser.exitCode === null) {
        const exited = new Promise((resolve) => browser.once('exit', resolve));
        browser.kill('SIGTERM');
        await exited;
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Lighthouse CI's default: one run can be 10-20 points off on a busy machine; the median of three rarely is. */
export const RUNS_PER_PAGE = 3;

/**
 * Audits each page in turn (one tab, storage and cache cleared before each run), `runs`
 * times, and keeps the median run: the one nearest the median FCP and TTI, as
 * Lighthouse CI picks it. With reportDir, that run's full HTML report of each page is
 * written there too: it names the LCP element, the shifted elements and the
 * render-blocking requests.
 */
export async function lighthouseAudit(
  baseUrl: string,
  pages: LighthousePage[],
  options: { reportDir?: string; runs?: number } = {},
): Promise<LighthouseScore[]> {
  const browser = await launchChromium();
  try {
    const scores: LighthouseScore[] = [];
    for (const page of pages) {
      const url = new URL(page.path, baseUrl).toString();
      const runs = [];
      for (let run = 0; run < (options.runs ?? RUNS_PER_PAGE); run++) {
        // No config: Lighthouse's defaults are the mobile audit with simulated throttling.
        const result = await lighthouse(url, { port: browser.port, output: 'html', logLevel: 'error', onlyCategories: ['performance'] });
        if (!result) throw new Error(`${url}: Lighthouse returned no result`);
        const { runtimeError } = result.lhr;
        if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
        runs.push(result);
      }
      const median = computeMedianRun(runs.map((run) => run.lhr));
      const chosen = runs.find((run) => run.lhr === median)!;
      if (options.reportDir) {
        writeFileSync(path.join(options.reportDir, `lighthouse-${page.name}.html`), String(chosen.report));
        writeFileSync(path.join(options.reportDir, `lighthouse-${page.name}.json`), JSON.stringify(chosen.lhr));
      }
      const { categories, audits } = median;
      const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
      const score: LighthouseScore = {
        name: page.name,
        path: page.path,
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        lcpMs: Math.round(metric('largest-contentful-paint')),
        tbtMs: Math.round(metric('total-blocking-time')),
        cls: +metric('cumulative-layout-shift').toFixed(3),
        fcpMs: Math.round(metric('first-contentful-paint')),
        allRuns: runs.map((run) => Math.round((run.lhr.categories.performance?.score ?? 0) * 100)),
        meetsTarget: false,
      };
      score.meetsTarget =
        score.performance >= TARGET.performance && score.lcpMs <= TARGET.lcpMs && score.tbtMs <= TARGET.tbtMs && score.cls <= TARGET.cls;
      scores.push(score);
    }
    return scores;
  } finally {
    await browser.close();
  }
}

export function formatScores(scores: LighthouseScore[]): string {
  const rows = scores.map(
    (s) =>
      `${s.name.padEnd(8)} ${s.path.padEnd(14)} perf ${String(s.performance).padStart(3)}  FCP ${String(s.fcpMs).padStart(5)} ms  LCP ${String(s.lcpMs).padStart(5)} ms  TBT ${String(s.tbtMs).padStart(4)} ms  CLS ${s.cls.toFixed(3)}  runs ${s.allRuns.join('/')}  ${s.meetsTarget ? 'meets target' : 'MISSES target'}`,
  );
  return rows.join('\n');
}

/** Alone: the data set (made if missing), the build (made if missing), the server, the audit. */
async function main() {
  const { values } = parseArgs({
    options: {
      posts: { type: 'string', default: '10000' },
      'database-url': { type: 'string' },
      // Also write each page's full Lighthouse report (HTML) to bench/results/.
      reports: { type: 'boolean', default: false },
      runs: { type: 'string', default: String(RUNS_PER_PAGE) },
      // Some of the pages only, by name (home,board,thread).
      pages: { type: 'string' },
    },
  });
  const posts = Number(values.posts);
  const admin = await benchAdminUrl(values['database-url']);
  let server: ChildProcess | undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hushboard-bench-'));
  try {
    const databaseUrl = await dataSetUrl(posts, admin.url);
    buildIfMissing();

    const port = await freePort();
    server = spawn(process.execPath, ['dist/server/main.js'], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl, SECRET: serverSecret(), DATA_DIR: dataDir, RATE_LIMIT: 'off', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port) },
      stdio: 'ignore',
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitFor(`${baseUrl}/readyz`, server);
    const names = values.pages?.split(',');
    const pages = names ? AUDITED_PAGES.filter((page) => names.includes(page.name)) : AUDITED_PAGES;
    for (const page of pages) await fetch(new URL(page.path, baseUrl)); // warm the route and its plans
    const dir = path.join(projectRoot, 'bench', 'results');
    mkdirSync(dir, { recursive: true });
    const scores = await lighthouseAudit(baseUrl, pages, { reportDir: values.reports ? dir : undefined, runs: Number(values.runs) });
    console.log(formatScores(scores));

    const report = { date: new Date().toISOString(), cores: os.cpus().length, posts, targets: TARGET, scores };
    const file = path.join(dir, `lighthouse-${posts}-${Date.now()}.json`);
    writeFileSync(file, JSON.stringify(report, null, 2));
    console.log(`\nreport: ${path.relative(projectRoot, file)}`);
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    await admin.stop();
  }
}

// Run alone, not when bench/run.ts imports the audit.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
