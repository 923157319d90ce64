import type { MembershipPurchase } from '../../../../shared/api.js';
import type { PurchaseMembershipInput } from '../../../../shared/schemas/premium.js';
import { api } from '../../../lib/api-client';

/** POST /api/premium/purchase-membership: records a sent payment; the server verifies it on chain. */
export const purchaseMembership = (input: PurchaseMembershipInput) => api.post<MembershipPurchase>('/api/premium/purchase-membership', input);
