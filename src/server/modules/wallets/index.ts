// The wallets module as other code sees it: modules import one another only through
// their index.ts (ARCHITECTURE.md; eslint.config.js enforces it).

import { createWalletService } from './service.js';

export { walletRoutes } from './routes.js';
export { createWalletService };
export type WalletService = ReturnType<typeof createWalletService>;
export { walletDocs } from './docs.js';
