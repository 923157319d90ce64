// The editing module as other code sees it: modules import one another only through
// their index.ts (ARCHITECTURE.md; eslint.config.js enforces it).

export { editingRoutes } from './routes.js';
export { createEditingService, type EditingService } from './service.js';
export { createHistoryService, eraseRevisions, type HistoryService } from './history.js';
export { editingDocs } from './docs.js';
