// The account-security module as other code sees it: modules import one another only
// through their index.ts (ARCHITECTURE.md; eslint.config.js enforces it).

export { accountSecurityRoutes } from './routes.js';
export { createAccountSecurityService, type AccountSecurityService } from './service.js';
export { accountSecurityDocs } from './docs.js';
