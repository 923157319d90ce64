import { apiSchemas as s } from '../../../shared/api-schemas.js';
import { searchRequestSchema } from '../../../shared/schemas/search.js';
import { routeDocs } from '../../lib/route-doc.js';

/** The OpenAPI entries of routes.ts (lib/route-doc.ts). */
export const searchDocs = routeDocs('Search', {
  'GET /api/search': {
    summary: 'Search threads and replies',
    description: '`query` (or `q`): at least 3 characters. Premium content is never searched.',
    access: 'visitor', query: searchRequestSchema, responses: { 200: s.SearchResults },
  },
});
