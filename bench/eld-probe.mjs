// Loaded into the benchmarked server (node --import) to measure its event-loop delay
// from inside: every 500 ms it writes the delay percentiles since the last reset to
// BENCH_ELD_FILE, which the benchmark reads after each scenario.
import { renameSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import process from 'node:process';
import { setInterval } from 'node:timers';

const file = process.env.BENCH_ELD_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const timer = setInterval(() => {
    const ms = (ns) => Math.round(ns / 1e4) / 100;
    // Written aside, then renamed: the benchmark may read at any moment and must never see half a file.
    writeFileSync(`${file}.tmp`, JSON.stringify({ p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) }));
    renameSync(`${file}.tmp`, file);
  }, 500);
  timer.unref();
  // The benchmark resets the histogram between scenarios with SIGUSR2.
  process.on('SIGUSR2', () => histogram.reset());
}
