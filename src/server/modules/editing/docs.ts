import { z } from 'zod';
import { apiSchemas as s } from '../../../shared/api-schemas.js';
import { editPostSchema, editThreadSchema } from '../../../shared/schemas/editing.js';
import { routeDocs, type RouteEntry } from '../../lib/route-doc.js';

const history = (kind: string): RouteEntry => ({
  summary: `The earlier versions of a ${kind}`,
  description: 'Its author only (403 for anyone else, admins included), newest first; the current text is not among them.',
  access: 'user', responses: { 200: z.array(s.Revision) }, errors: [403],
});
const erase = (kind: string): RouteEntry => ({
  summary: `Erase the earlier versions of a ${kind}`,
  description: 'Its author only: every earlier version is deleted for good. A report keeps the text it was filed on until it is closed.',
  access: 'user', responses: { 204: null }, errors: [403],
});
const conflict = 'An edit based on an older `version` answers 409 `{"message": "This was edited elsewhere", "current": {...}}`.';
/** The 409 of a stale edit: the error shape with the text as it now is. */
const stale = (current: z.ZodType) => ({
  description: 'Edited elsewhere: `current` is the text as it now is, with its version.',
  schema: z.object({ message: z.string(), current }),
});

/** The OpenAPI entries of routes.ts (lib/route-doc.ts). */
export const editingDocs = routeDocs('Editing', {
  'PATCH /api/threads/:id': {
    summary: 'Edit a thread',
    description: `Its author only (named or anonymous), with the rules of a new thread; at least one of title, content and premiumContent (premium threads only). ${conflict}`,
    access: 'user', bannable: true, body: editThreadSchema, responses: { 200: s.Thread }, errors: [403, 409, 429], conflict: stale(s.Thread),
  },
  'PATCH /api/posts/:id': {
    summary: 'Edit a reply',
    description: `Its author only (named or anonymous), with the rules of a new reply. ${conflict}`,
    access: 'user', bannable: true, body: editPostSchema, responses: { 200: s.Post }, errors: [403, 409, 429], conflict: stale(s.Post),
  },
  'GET /api/threads/:id/history': history('thread'),
  'DELETE /api/threads/:id/history': erase('thread'),
  'GET /api/posts/:id/history': history('reply'),
  'DELETE /api/posts/:id/history': erase('reply'),
});
