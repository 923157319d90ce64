// The deletions module as other code sees it: modules import one another only through
// their index.ts (ARCHITECTURE.md; eslint.config.js enforces it).

export { deletionRoutes } from './routes.js';
export { createDeletionService, type DeletionService } from './service.js';
export { deletionDocs } from './docs.js';
