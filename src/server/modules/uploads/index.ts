// The uploads module as other code sees it: modules import one another only through
// their index.ts (ARCHITECTURE.md; eslint.config.js enforces it).

export { uploadsPlugin } from './plugin.js';
export { createUploadService, type UploadService } from './service.js';
export { createLocalStorage, type ImageStorage } from './storage.js';
