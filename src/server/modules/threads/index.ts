// The threads module as other code sees it: modules import one another only through
// their index.ts (ARCHITECTURE.md; eslint.config.js enforces it).

export { findThread, notDeleted, selectThreads, type FeedSource } from './queries.js';
export { threadRoutes } from './routes.js';
export { serializeThread, type ThreadRow } from './serializer.js';
export { createThreadService, type FeedThread, type ThreadService } from './service.js';
export { threadDocs } from './docs.js';
export { createVisitorPages, sendVisitorPage, THREAD_CHANGED_CHANNEL, type VisitorPage, type VisitorPageRead, type VisitorPages } from './visitor-pages.js';
