// The auth module as other code sees it: modules import one another only through
// their index.ts (ARCHITECTURE.md; eslint.config.js enforces it).

export { authRoutes } from './routes.js';
export { createAuthService, type AuthService } from './service.js';
export { authDocs } from './docs.js';
