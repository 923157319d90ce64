// The reports module as other code sees it: modules import one another only through
// their index.ts (ARCHITECTURE.md; eslint.config.js enforces it).

export { reportRoutes } from './routes.js';
export { createReportService, type ReportService } from './service.js';
export { reportDocs } from './docs.js';
