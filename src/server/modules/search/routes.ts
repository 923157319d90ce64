import type { FastifyInstance } from 'fastify';
import { searchRequestSchema } from '../../../shared/schemas/search.js';
import { parseInput } from '../../lib/validate.js';
import { createSearchService } from './service.js';

export async function searchRoutes(app: FastifyInstance) {
  const search = createSearchService(app.db, app.pool);

  app.get('/api/search', async (request) => {
    const { query, type } = parseInput(searchRequestSchema, request.query);
    return search.search(query, type);
  });
}
