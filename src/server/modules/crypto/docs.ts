import { z } from 'zod';
import { apiSchemas as s } from '../../../shared/api-schemas.js';
import { ADDRESS_CURRENCIES } from '../../../shared/constants.js';
import { addAddressSchema, tipSchema } from '../../../shared/schemas/crypto.js';
import { idParam, routeDocs, type RouteEntry } from '../../lib/route-doc.js';

const lookUp = (summary: string): RouteEntry => ({
  summary,
  description:
    "An address the author marked for anonymous posts answers only for their anonymous threads and replies; an unmarked one only for the user and their named content (CONTRACT.md section 13). 404 when the author has no address of that kind.",
  access: 'visitor', params: z.object({ id: idParam, currency: z.enum(ADDRESS_CURRENCIES) }), responses: { 200: s.PaymentAddress },
});
const tips = (summary: string): RouteEntry => ({ summary, access: 'visitor', responses: { 200: z.array(s.Tip) } });

/** The OpenAPI entries of routes.ts (lib/route-doc.ts). */
export const cryptoDocs = routeDocs('Tips and addresses', {
  'GET /api/crypto/addresses': { summary: "The signed-in user's receiving addresses", access: 'user', responses: { 200: z.array(s.CryptoAddress) } },
  'POST /api/crypto/addresses': { summary: 'Add a receiving address', access: 'user', body: addAddressSchema, responses: { 201: s.CryptoAddress }, errors: [409] },
  'DELETE /api/crypto/addresses/:id': { summary: 'Remove a receiving address', access: 'user', responses: { 204: null } },
  'GET /api/users/:id/crypto-address/:currency': lookUp("A user's receiving address for a currency"),
  'GET /api/threads/:id/author/crypto-address/:currency': lookUp("The thread author's address for tips"),
  'GET /api/posts/:id/author/crypto-address/:currency': lookUp("The reply author's address for tips"),
  'POST /api/crypto/tips': {
    summary: 'Record a tip on a thread or a reply',
    description: 'Recorded as pending; the tip verifier settles it on its chain. 409 for a reused transaction hash.',
    access: 'user', bannable: true, body: tipSchema, responses: { 201: s.Tip }, errors: [404, 409],
  },
  'GET /api/threads/:id/tips': tips('Tips to a thread'),
  'GET /api/threads/:id/post-tips': tips("Tips to a thread's replies"),
  'GET /api/posts/:id/tips': tips('Tips to a reply'),
  'GET /api/user/tips': { summary: 'Tips the signed-in user sent', access: 'user', responses: { 200: z.array(s.SentTip) } },
});
