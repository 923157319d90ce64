import type { PremiumPurchase } from '../../../../shared/api.js';
import type { PurchaseAccessInput } from '../../../../shared/schemas/premium.js';
import { api } from '../../../lib/api-client';

/** POST /api/premium/purchase-access: records a sent payment; the server verifies it on chain. */
export const purchaseAccess = (input: PurchaseAccessInput) => api.post<PremiumPurchase>('/api/premium/purchase-access', input);
