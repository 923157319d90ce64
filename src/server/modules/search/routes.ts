import type { FastifyInstance } from 'fastify';
import { searchRequestSchema } from '../../../shared/schemas/search.js';
import { parseInput } from '../../lib/validate.js';

export async function searchRoutes(app: FastifyInstance) {
  const { search } = app.services;

  app.get('/api/search', async (request) => {
    const { query, type } = parseInput(searchRequestSchema, request.query);
    return search.search(query, type);
  });
}
