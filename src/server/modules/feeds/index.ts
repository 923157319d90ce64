// The feeds module as other code sees it: modules import one another only through
// their index.ts (docs/architecture.md; eslint.config.js enforces it).

export { feedRoutes } from './routes.js';
export { createFeedService, type AtomFeed, type FeedService } from './service.js';
export { feedDocs } from './docs.js';
