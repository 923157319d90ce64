import { z } from 'zod';
import { routeDocs } from '../../lib/route-doc.js';
import { DOCS_ASSETS } from './assets.js';

/** The OpenAPI entries of routes.ts (lib/route-doc.ts). */
export const openApiDocs = routeDocs('Documentation', {
  'GET /api/openapi.json': { summary: 'This document (OpenAPI 3.1)', access: 'visitor', responses: { 200: { type: 'application/json', description: 'The OpenAPI 3.1 document.' } } },
  'GET /api/docs': { summary: 'This document as a page (Swagger UI)', access: 'visitor', responses: { 200: { type: 'text/html', description: 'The page.' } } },
  'GET /api/docs/:file': {
    summary: "The docs page's script and stylesheet",
    access: 'visitor',
    params: z.object({ file: z.enum(Object.keys(DOCS_ASSETS) as [string, ...string[]]) }),
    responses: { 200: { type: 'text/javascript', description: 'A script (text/css for the stylesheet).' } },
  },
});
