// The premium module as other code sees it: modules import one another only through
// their index.ts (ARCHITECTURE.md; eslint.config.js enforces it).

export { premiumAccessSet } from './access.js';
export { premiumRoutes } from './routes.js';
export { createPremiumService, type PremiumService } from './service.js';
export { premiumDocs } from './docs.js';
