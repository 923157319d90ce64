// The metrics module as other code sees it: modules import one another only through
// their index.ts (ARCHITECTURE.md; eslint.config.js enforces it).

export { createMetrics, type Metrics, type MetricSources } from './registry.js';
export { metricsPlugin, PAGES_ROUTE, UNMATCHED_ROUTE } from './plugin.js';
