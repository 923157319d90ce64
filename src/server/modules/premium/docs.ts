import { apiSchemas as s } from '../../../shared/api-schemas.js';
import { purchaseAccessSchema, purchaseMembershipSchema } from '../../../shared/schemas/premium.js';
import { routeDocs } from '../../lib/route-doc.js';

const verified = 'The transaction is verified on its chain during the request. 409 for a reused transaction hash; 503 when payments are not configured.';

/** The OpenAPI entries of routes.ts (lib/route-doc.ts). */
export const premiumDocs = routeDocs('Premium', {
  'GET /api/premium/check-access/:threadId': { summary: 'Whether the viewer may read a premium thread', access: 'visitor', responses: { 200: s.PremiumAccessCheck } },
  'GET /api/premium/payment-address/:threadId': {
    summary: "Where a premium thread's access is paid",
    description: "The author's ETH address of the thread's kind (marked for anonymous posts for an anonymous thread, unmarked for a named one), else PAYMENT_ADDRESS.",
    access: 'visitor', responses: { 200: s.PaymentAddress },
  },
  'GET /api/premium/membership-plans': { summary: 'Membership plans and their prices', access: 'visitor', responses: { 200: s.MembershipPlans } },
  'POST /api/premium/purchase-access': {
    summary: 'Buy access to a premium thread with a paid transaction',
    description: verified, access: 'user', body: purchaseAccessSchema, responses: { 201: s.PremiumPurchase }, errors: [404, 409],
  },
  'POST /api/premium/purchase-membership': {
    summary: 'Buy a membership with a paid transaction',
    description: verified, access: 'user', body: purchaseMembershipSchema, responses: { 201: s.MembershipPurchase }, errors: [409],
  },
});
