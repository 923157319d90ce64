import { z } from 'zod';
import { apiSchemas as s } from '../../../shared/api-schemas.js';
import { pageQuerySchema, updateProfileSchema } from '../../../shared/schemas/users.js';
import { routeDocs } from '../../lib/route-doc.js';

/** The OpenAPI entries of routes.ts (lib/route-doc.ts). */
export const userDocs = routeDocs('Users', {
  'GET /api/users/:id': {
    summary: 'A profile',
    description: 'Others see figures of signed content only; the owner and admins also see e-mail and account state.',
    access: 'visitor', responses: { 200: s.UserProfile },
  },
  'GET /api/users/by-name/:username': {
    summary: 'Who holds a username (any letter case), for `@mention` links',
    access: 'visitor', params: z.object({ username: z.string() }), responses: { 200: s.UserRef }, errors: [404],
  },
  'GET /api/users/:id/threads': { summary: "A page of a user's threads", access: 'visitor', query: pageQuerySchema, responses: { 200: z.array(s.Thread) } },
  'GET /api/users/:id/posts': { summary: "A page of a user's replies", access: 'visitor', query: pageQuerySchema, responses: { 200: z.array(s.ProfilePost) } },
  'PATCH /api/users/:id': {
    summary: 'Edit a profile (username, bio)',
    description: 'The owner or an admin (403 otherwise); 409 for a taken username.',
    access: 'user', body: updateProfileSchema, responses: { 200: s.UserProfile }, errors: [403, 409],
  },
  'GET /api/users/:id/activities': {
    summary: "The signed-in user's own activity timeline",
    description: 'Private to its owner, admins included (403).',
    access: 'user', responses: { 200: z.array(s.Activity) }, errors: [403],
  },
});
