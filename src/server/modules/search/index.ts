// The search module as other code sees it: modules import one another only through
// their index.ts (ARCHITECTURE.md; eslint.config.js enforces it).

export { searchRoutes } from './routes.js';
export { createSearchService, type SearchService } from './service.js';
export { searchDocs } from './docs.js';
