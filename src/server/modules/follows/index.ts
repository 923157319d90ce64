// The follows module as other code sees it: modules import one another only through
// their index.ts (ARCHITECTURE.md; eslint.config.js enforces it).

export { followRoutes } from './routes.js';
export { createFollowService, type FollowService } from './service.js';
export { followDocs } from './docs.js';
