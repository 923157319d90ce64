import type { FastifyInstance } from 'fastify';
import { threadListQuerySchema } from '../../../shared/schemas/threads.js';
import { parseId } from '../../lib/params.js';
import { parseInput } from '../../lib/validate.js';
import { viewerOf } from '../../lib/viewer.js';
import { BOARD_NOT_FOUND } from './service.js';

export async function boardRoutes(app: FastifyInstance) {
  const { boards, threads } = app.services;

  app.get('/api/boards', async () => boards.list());

  app.get<{ Params: { code: string } }>('/api/boards/:code', async (request) => boards.byCode(request.params.code));

  app.get<{ Params: { id: string } }>('/api/board-by-id/:id', async (request) => boards.byId(parseId(request.params.id, BOARD_NOT_FOUND)));

  app.get<{ Params: { code: string } }>('/api/boards/:code/threads', async (request, reply) => {
    const code = request.params.code.toLowerCase();
    const query = parseInput(threadListQuerySchema, request.query);
    // A visitor's revalidation of an unchanged list costs one look-up of the board's list
    // version (boards.list_version), not the list. A list then read is read after that
    // version, so it is never older than the version it is remembered under.
    let readAfter: number | undefined;
    if (!request.user && request.headers['if-none-match']) {
      readAfter = await boards.listVersion(code);
      const key = `board:${code}:${query.sort}:${query.limit}:${query.page}:${readAfter}`;
      if (readAfter !== undefined && app.versionedCache.notModified(request, reply, key)) return reply.send();
    }
    // One query by the board's code; only an empty page asks whether the board exists (404).
    const page = await threads.listBoardThreads(code, query, viewerOf(request), readAfter);
    if (page.length === 0) await boards.byCode(code);
    return page;
  });
}
