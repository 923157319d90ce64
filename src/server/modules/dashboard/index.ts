// The dashboard module as other code sees it: modules import one another only through
// their index.ts (ARCHITECTURE.md; eslint.config.js enforces it).

export { dashboardRoutes } from './routes.js';
export { createDashboardService, type DashboardService } from './service.js';
export { dashboardDocs } from './docs.js';
