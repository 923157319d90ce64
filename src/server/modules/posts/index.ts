// The posts module as other code sees it: modules import one another only through
// their index.ts (ARCHITECTURE.md; eslint.config.js enforces it).

export { postRoutes } from './routes.js';
export { serializePost, type PostRow } from './serializer.js';
export { createPostService, THREAD_LOCKED, type PostService } from './service.js';
export { postDocs } from './docs.js';
