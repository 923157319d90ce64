import { apiSchemas as s } from '../../../shared/api-schemas.js';
import { deleteAccountSchema, loginSchema, registerSchema } from '../../../shared/schemas/auth.js';
import { routeDocs } from '../../lib/route-doc.js';

/** The OpenAPI entries of routes.ts (lib/route-doc.ts). */
export const authDocs = routeDocs('Accounts', {
  'POST /api/register': { summary: 'Create an account and sign in', access: 'visitor', bannable: true, body: registerSchema, responses: { 201: s.CurrentUser }, errors: [409, 428, 429] },
  'POST /api/login': {
    summary: 'Sign in',
    description:
      '401 for a wrong username or password; 403 for a suspended account. With two-factor sign-in on, 401 `{"message": "Two-factor code required", "twoFactorRequired": true}` without `code`, and 401 `{"message": "Invalid code"}` for a wrong or replayed one.',
    access: 'visitor', bannable: true, body: loginSchema, responses: { 200: s.CurrentUser }, errors: [401, 428, 429],
  },
  'POST /api/logout': { summary: 'Sign out', access: 'visitor', responses: { 204: null } },
  'GET /api/user': { summary: 'The signed-in user', access: 'user', responses: { 200: s.CurrentUser } },
  'DELETE /api/user': {
    summary: 'Delete the signed-in account',
    description:
      'Needs the password. Sessions, addresses, wallet links, follows and saved threads go; threads and posts stay, anonymous to everyone, admins included. Signs out.',
    access: 'user', body: deleteAccountSchema, responses: { 204: null }, errors: [429],
  },
});
