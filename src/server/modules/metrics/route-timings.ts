/**
 * Requests per route pattern, method and status class, as a Prometheus counter and
 * histogram. prom-client's labelled observe() builds a label object and a hash string on
 * every call; here each route's method gets its figures once, when the route is registered
 * (`forRoute`), and a request only adds to a few numbers in arrays it already has. The
 * text is built at scrape time (`families`), which prom-client's registry prints.
 */

/** Seconds; the last bucket is +Inf. Chosen around the benchmark's p50 (ms) and the 1 s of a 503. */
export const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** Status classes 1xx-5xx by the code's first digit. */
const CLASSES = ['', '1xx', '2xx', '3xx', '4xx', '5xx'] as const;

/** One status class of one route and method. */
interface Series {
  /** Per bucket (not cumulative); the last slot is above every bucket. */
  readonly buckets: Float64Array;
  sum: number;
  count: number;
}

/** One route pattern and method: its series by status class, made on the first request of each. */
export class RouteFigures {
  readonly series: (Series | undefined)[] = new Array(CLASSES.length).fill(undefined);
  constructor(
    readonly method: string,
    readonly route: string,
  ) {}

  /** Adds one answered request; `ms` is Fastify's reply.elapsedTime. */
  record(statusCode: number, ms: number): void {
    const index = (statusCode / 100) | 0;
    const statusClass = index >= 1 && index <= 5 ? index : 5;
    let series = this.series[statusClass];
    if (!series) series = this.series[statusClass] = { buckets: new Float64Array(DURATION_BUCKETS.length + 1), sum: 0, count: 0 };
    const seconds = ms / 1000;
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket++;
    series.buckets[bucket]!++;
    series.sum += seconds;
    series.count++;
  }
}

/** What prom-client's registry prints for a metric it did not make (Registry.registerMetric). */
interface MetricValue {
  value: number;
  labels: Record<string, string | number>;
  metricName?: string;
}
export interface CustomMetric {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  get(): { name: string; help: string; type: 'counter' | 'histogram'; aggregator: 'sum'; values: MetricValue[] };
  reset(): void;
}

export function createRouteTimings(prefix: string) {
  const routes = new Map<string, RouteFigures>();
  const countName = `${prefix}_http_requests_total`;
  const durationName = `${prefix}_http_request_duration_seconds`;

  const each = (visit: (figures: RouteFigures, statusClass: string, series: Series) => void) => {
    for (const figures of routes.values()) {
      figures.series.forEach((series, index) => {
        if (series) visit(figures, CLASSES[index]!, series);
      });
    }
  };

  const requests: CustomMetric = {
    name: countName,
    help: 'HTTP requests answered, by route pattern (never the URL), method and status class',
    type: 'counter',
    aggregator: 'sum',
    get() {
      const values: MetricValue[] = [];
      each((figures, statusClass, series) => values.push({ value: series.count, labels: { method: figures.method, route: figures.route, status_class: statusClass } }));
      return { name: countName, help: requests.help, type: 'counter', aggregator: 'sum', values };
    },
    reset: () => routes.clear(),
  };

  const durations: CustomMetric = {
    name: durationName,
    help: 'Time from the request to the end of its answer, in seconds, by route pattern, method and status class',
    type: 'histogram',
    aggregator: 'sum',
    get() {
      const values: MetricValue[] = [];
      each((figures, statusClass, series) => {
        const labels = { method: figures.method, route: figures.route, status_class: statusClass };
        let cumulative = 0;
        DURATION_BUCKETS.forEach((le, index) => {
          cumulative += series.buckets[index]!;
          values.push({ metricName: `${durationName}_bucket`, value: cumulative, labels: { ...labels, le } });
        });
        values.push({ metricName: `${durationName}_bucket`, value: series.count, labels: { ...labels, le: '+Inf' } });
        values.push({ metricName: `${durationName}_sum`, value: series.sum, labels });
        values.push({ metricName: `${durationName}_count`, value: series.count, labels });
      });
      return { name: durationName, help: durations.help, type: 'histogram', aggregator: 'sum', values };
    },
    reset: () => routes.clear(),
  };

  return {
    /** The figures of one route pattern and method, made once (when the route is registered, or on its first request). */
    forRoute(method: string, route: string): RouteFigures {
      const key = `${method} ${route}`;
      let figures = routes.get(key);
      if (!figures) routes.set(key, (figures = new RouteFigures(method, route)));
      return figures;
    },
    metrics: [requests, durations],
  };
}

export type RouteTimings = ReturnType<typeof createRouteTimings>;
