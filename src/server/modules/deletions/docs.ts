import { routeDocs } from '../../lib/route-doc.js';

/**
 * The OpenAPI entries of the DELETE routes for threads and posts: these
 * routes are open to the author as well as admins (service.ts).
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
