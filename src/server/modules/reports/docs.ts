import { z } from 'zod';
import { apiSchemas as s } from '../../../shared/api-schemas.js';
import { reportListQuerySchema, reportResolutionSchema, reportSchema } from '../../../shared/schemas/moderation.js';
import { routeDocs } from '../../lib/route-doc.js';

/** The OpenAPI entries of routes.ts (lib/route-doc.ts). */
export const reportDocs = routeDocs('Reports', {
  'POST /api/reports': {
    summary: 'Report a thread or a reply',
    description: '409 when the caller has an open report on it already.',
    access: 'user', bannable: true, body: reportSchema, responses: { 201: s.Report }, errors: [404, 409],
  },
  'GET /api/moderation/reports': {
    summary: 'A queue of reports, newest first, 50 a page',
    access: 'admin', query: reportListQuerySchema, responses: { 200: z.array(s.Report) },
  },
  'PATCH /api/moderation/reports/:id': {
    summary: 'Resolve or dismiss a report',
    description: '409 when it is closed already.',
    access: 'admin', body: reportResolutionSchema, responses: { 200: s.Report }, errors: [409],
  },
});
