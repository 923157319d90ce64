// The uploads module as other code sees it: modules import one another only through
// their index.ts (ARCHITECTURE.md; eslint.config.js enforces it).

export { uploadsPlugin } from './plugin.js';
export { createImageRelease, type ReleaseImages, type ReleaseLog, type StoredImage } from './release.js';
export { createImageUrlOf, createUploadService, type UploadService } from './service.js';
export { createLocalStorage, createStorage, type ImageStorage } from './storage.js';
