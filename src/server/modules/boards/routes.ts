import type { FastifyInstance } from 'fastify';
import { createBoardService } from './service.js';

export async function boardRoutes(app: FastifyInstance) {
  const boards = createBoardService(app.db);

  app.get('/api/boards', async () => boards.list());
}
