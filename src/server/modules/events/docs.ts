import { z } from 'zod';
import { routeDocs } from '../../lib/route-doc.js';

/** The OpenAPI entries of routes.ts (lib/route-doc.ts). */
export const eventDocs = routeDocs('Live updates', {
  'GET /api/events': {
    summary: 'A Server-Sent Events stream of what changed (CONTRACT.md section 10)',
    description:
      'Events name ids only: `post` {threadId, postId}, `thread` {boardCode, threadId}, `update` {threadId}, `reset`; for a signed-in user also `notification` {unread}, their own unread count. Send `Last-Event-ID` (or, for a first stream, `since`: the id a page was read at) to get the events missed in the last 5 minutes; a point the server cannot place (no id, never issued, or older than the 5 minutes kept) gets `reset` first, and the client refetches what it watches. A signed-in stream ends with its session (logout, account deletion, suspension), and reconnects as a visitor. A comment line every 25 s.',
    access: 'visitor',
    query: z.object({ thread: z.string().optional(), board: z.string().optional(), since: z.string().optional() }),
    responses: { 200: { type: 'text/event-stream', description: 'The stream, open until either side closes it.' } },
    errors: [404, 429],
  },
});
