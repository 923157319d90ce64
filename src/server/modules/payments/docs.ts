import { apiSchemas as s } from '../../../shared/api-schemas.js';
import { routeDocs } from '../../lib/route-doc.js';

/** The OpenAPI entries of routes.ts (lib/route-doc.ts). */
export const paymentDocs = routeDocs('Premium', {
  'GET /api/payments/config': { summary: 'The chains and currencies payable on this server', access: 'visitor', responses: { 200: s.PaymentsConfig } },
});
