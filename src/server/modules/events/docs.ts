import { z } from 'zod';
import { routeDocs } from '../../lib/route-doc.js';

/** The OpenAPI entries of routes.ts (lib/route-doc.ts). */
export const eventDocs = routeDocs('Live updates', {
  'GET /api/events': {
    summary: 'A Server-Sent Events stream of what changed (CONTRACT.md section 10)',
    description:
      'Events name ids only: `post` {threadId, postId}, `thread` {boardCode, threadId}, `update` {threadId}, `reset`; for a signed-in user also `notification` {unread}, their own unread count. Send `Last-Event-ID` (or, for a first stream, `since`: the id a page was read at) to get the events missed in the last 5 minutes; a comment line every 25 s.',
    access: 'visitor',
    query: z.object({ thread: z.string().optional(), board: z.string().optional(), since: z.string().optional() }),
    responses: { 200: { type: 'text/event-stream', description: 'The stream, open until either side closes it.' } },
    errors: [404, 429],
  },
});
