import { apiSchemas as s } from '../../../shared/api-schemas.js';
import { createPostSchema } from '../../../shared/schemas/posts.js';
import { routeDocs } from '../../lib/route-doc.js';

/** The OpenAPI entries of routes.ts (lib/route-doc.ts). */
export const postDocs = routeDocs('Posts', {
  'POST /api/posts': {
    summary: 'Reply to a thread',
    description: 'JSON, or a multipart form with one image. 403 when the thread is locked, 404 when it is gone.',
    access: 'user', bannable: true, body: createPostSchema, multipart: true, responses: { 201: s.Post }, errors: [404, 415, 428],
  },
});
