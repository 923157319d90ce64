// The saved module as other code sees it: modules import one another only through
// their index.ts (ARCHITECTURE.md; eslint.config.js enforces it).

export { savedThreadRoutes } from './routes.js';
export { createSavedThreadService, type SavedThreadService } from './service.js';
export { savedThreadDocs } from './docs.js';
