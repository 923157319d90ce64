import { routeDocs } from '../../lib/route-doc.js';

/**
 * The OpenAPI entries of the DELETE routes for threads and posts. Kept apart: these
 * routes move to a module of their own (deletions), and this file with them.
 */
export const deletionDocs = routeDocs('Moderation', {
  'DELETE /api/threads/:id': {
    summary: 'Delete a thread',
    description: 'With its replies and images (the image URLs answer 404 after).',
    access: 'author-or-admin', responses: { 204: null },
  },
  'DELETE /api/posts/:id': {
    summary: 'Delete a reply',
    description: 'It keeps its place in the thread, without content, image or author.',
    access: 'author-or-admin', responses: { 204: null },
  },
});
