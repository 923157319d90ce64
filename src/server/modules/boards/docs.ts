import { z } from 'zod';
import { apiSchemas as s } from '../../../shared/api-schemas.js';
import { threadListQuerySchema } from '../../../shared/schemas/threads.js';
import { routeDocs } from '../../lib/route-doc.js';

const params = z.object({ code: z.string().describe("The board's code, as in /g/") });

/** The OpenAPI entries of routes.ts (lib/route-doc.ts). */
export const boardDocs = routeDocs('Boards', {
  'GET /api/boards': { summary: 'All boards', access: 'visitor', responses: { 200: z.array(s.Board) } },
  'GET /api/boards/:code': { summary: 'A board by its code', access: 'visitor', params, responses: { 200: s.Board } },
  'GET /api/board-by-id/:id': { summary: 'A board by its id', access: 'visitor', responses: { 200: s.Board } },
  'GET /api/boards/:code/threads': {
    summary: "A page of a board's threads",
    description: 'Sticky threads first, then by the chosen order.',
    access: 'visitor', params, query: threadListQuerySchema, responses: { 200: z.array(s.Thread) },
  },
});
