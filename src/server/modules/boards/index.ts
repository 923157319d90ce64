// The boards module as other code sees it: modules import one another only through
// their index.ts (ARCHITECTURE.md; eslint.config.js enforces it).

export { boardRoutes } from './routes.js';
export { createBoardService, type BoardService } from './service.js';
export { boardDocs } from './docs.js';
