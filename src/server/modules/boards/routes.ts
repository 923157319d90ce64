import type { FastifyInstance } from 'fastify';
import { threadListQuerySchema } from '../../../shared/schemas/threads.js';
import { parseId } from '../../lib/params.js';
import { parseInput } from '../../lib/validate.js';
import { viewerOf } from '../../lib/viewer.js';
import { BOARD_NOT_FOUND, createBoardService } from './service.js';

export async function boardRoutes(app: FastifyInstance) {
  const boards = createBoardService(app.db);

  app.get('/api/boards', async () => boards.list());

  app.get<{ Params: { code: string } }>('/api/boards/:code', async (request) => boards.byCode(request.params.code));

  app.get<{ Params: { id: string } }>('/api/board-by-id/:id', async (request) => boards.byId(parseId(request.params.id, BOARD_NOT_FOUND)));

  app.get<{ Params: { code: string } }>('/api/boards/:code/threads', async (request) => {
    const board = await boards.byCode(request.params.code);
    const query = parseInput(threadListQuerySchema, request.query);
    return app.threads.listBoardThreads(board.id, query, viewerOf(request));
  });
}
