import { z } from 'zod';
import { apiSchemas as s } from '../../../shared/api-schemas.js';
import { pageQuerySchema } from '../../../shared/schemas/users.js';
import { routeDocs } from '../../lib/route-doc.js';

/** The OpenAPI entries of routes.ts (lib/route-doc.ts). */
export const savedThreadDocs = routeDocs('Saved threads', {
  'GET /api/user/saved-threads': { summary: "A page of the signed-in user's saved threads", access: 'user', query: pageQuerySchema, responses: { 200: z.array(s.SavedThread) } },
  'GET /api/threads/:id/saved': { summary: 'Whether the viewer saved a thread', access: 'visitor', responses: { 200: s.SavedState } },
  'PUT /api/threads/:id/save': { summary: 'Save a thread', access: 'user', responses: { 200: s.SavedState } },
  'DELETE /api/threads/:id/save': { summary: 'Unsave a thread', access: 'user', responses: { 200: s.SavedState } },
});
