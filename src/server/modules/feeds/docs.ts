import { z } from 'zod';
import { routeDocs } from '../../lib/route-doc.js';

const responses = { 200: { type: 'application/atom+xml', description: 'An Atom 1.0 feed of the 50 newest threads.' }, 304: null };

/** The OpenAPI entries of routes.ts (lib/route-doc.ts). */
export const feedDocs = routeDocs('Feeds', {
  'GET /feeds/recent.atom': { summary: 'The newest threads of all boards', access: 'visitor', responses },
  'GET /feeds/boards/:code.atom': { summary: "A board's newest threads", access: 'visitor', params: z.object({ code: z.string() }), responses },
  'GET /feeds/users/:id.atom': { summary: "A user's newest named threads", access: 'visitor', responses },
});
