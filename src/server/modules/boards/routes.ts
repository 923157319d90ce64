import type { FastifyInstance } from 'fastify';
import { threadListQuerySchema } from '../../../shared/schemas/threads.js';
import { parseId } from '../../lib/params.js';
import { parseInput } from '../../lib/validate.js';
import { viewerOf, VISITOR, type Viewer } from '../../lib/viewer.js';
import { sendVisitorPage } from '../threads/index.js';
import { BOARD_NOT_FOUND } from './service.js';

export async function boardRoutes(app: FastifyInstance) {
  const { boards, threads, visitorPages } = app.services;

  app.get('/api/boards', async () => boards.list());

  app.get<{ Params: { code: string } }>('/api/boards/:code', async (request) => boards.byCode(request.params.code));

  app.get<{ Params: { id: string } }>('/api/board-by-id/:id', async (request) => boards.byId(parseId(request.params.id, BOARD_NOT_FOUND)));

  app.get<{ Params: { code: string } }>('/api/boards/:code/threads', async (request, reply) => {
    const code = request.params.code.toLowerCase();
    const query = parseInput(threadListQuerySchema, request.query);
    // One query by the board's code; only an empty page asks whether the board exists (404).
    const read = async (viewer: Viewer) => {
      const page = await threads.listBoardThreads(code, query, viewer);
      if (page.length === 0) await boards.byCode(code);
      return page;
    };
    if (request.user) return read(viewerOf(request));
    // Every visitor gets the same list: kept per instance (encoded once) until the board's
    // list moves, as its server-rendered page is (threads/visitor-pages.ts).
    const page = await visitorPages.page(`board:${code}`, `json:${query.sort}:${query.limit}:${query.page}`, async () => ({
      body: reply.serialize(await read(VISITOR)) as string,
    }));
    return sendVisitorPage(request, reply, page, 'application/json; charset=utf-8');
  });
}
