// The crypto module as other code sees it: modules import one another only through
// their index.ts (ARCHITECTURE.md; eslint.config.js enforces it).

export { createAddressService, receivingAddress, type AddressService } from './addresses.js';
export { anonymousTipsReceived, fullTipsReceived } from './own-tips.js';
export { cryptoRoutes } from './routes.js';
export { createTipService, verifyPendingTips, type TipService } from './tips.js';
export { cryptoDocs } from './docs.js';
