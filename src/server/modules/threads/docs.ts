import { z } from 'zod';
import { apiSchemas as s } from '../../../shared/api-schemas.js';
import { createThreadSchema } from '../../../shared/schemas/threads.js';
import { idParam, routeDocs } from '../../lib/route-doc.js';

/** The OpenAPI entries of routes.ts (lib/route-doc.ts). */
export const threadDocs = routeDocs('Threads', {
  'GET /api/threads/simple-recent': { summary: 'The newest threads of all boards', access: 'visitor', responses: { 200: z.array(s.Thread) } },
  'GET /api/threads/simple-popular': { summary: 'The most popular threads of all boards', access: 'visitor', responses: { 200: z.array(s.Thread) } },
  'GET /api/threads/:id': {
    summary: 'A thread and up to 100 of its replies',
    description: 'Replies oldest first; `after` pages on from a reply id. Premium content only for viewers with access.',
    access: 'visitor',
    query: z.object({ after: idParam.optional().describe('Answer the replies after this post id.') }),
    responses: { 200: s.ThreadDetail },
  },
  'POST /api/threads': {
    summary: 'Start a thread',
    description: 'JSON, or a multipart form with one image. A premium thread needs a membership (403).',
    access: 'user', bannable: true, body: createThreadSchema, multipart: true, responses: { 201: s.ThreadDetail }, errors: [415, 428],
  },
});
