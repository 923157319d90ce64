// The payments module as other code sees it: modules import one another only through
// their index.ts (ARCHITECTURE.md; eslint.config.js enforces it).

export { paymentRoutes } from './routes.js';
export { createPaymentsService, type PaymentsService } from './service.js';
export { paymentDocs } from './docs.js';
