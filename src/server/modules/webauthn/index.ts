// The webauthn module as other code sees it: modules import one another only through
// their index.ts (ARCHITECTURE.md; eslint.config.js enforces it).

export { webauthnRoutes } from './routes.js';
export { createWebauthnService, type WebauthnService } from './service.js';
export { webauthnDocs } from './docs.js';
