import { z } from 'zod';
import { apiSchemas as s } from '../../../shared/api-schemas.js';
import { linkWalletSchema, walletChallengeSchema } from '../../../shared/schemas/wallets.js';
import { routeDocs } from '../../lib/route-doc.js';

/** The OpenAPI entries of routes.ts (lib/route-doc.ts). */
export const walletDocs = routeDocs('Wallets', {
  'POST /api/wallets/challenge': { summary: 'A Sign-In with Ethereum message to sign', access: 'user', body: walletChallengeSchema, responses: { 200: s.WalletChallenge } },
  'POST /api/wallets': {
    summary: 'Link a wallet with a signed challenge',
    description: '409 when the address is linked to another account.',
    access: 'user', body: linkWalletSchema, responses: { 201: s.WalletLink }, errors: [409],
  },
  'GET /api/wallets': { summary: 'The wallets linked to the account', access: 'user', responses: { 200: z.array(s.WalletLink) } },
  'DELETE /api/wallets/:address': { summary: 'Unlink a wallet', access: 'user', params: z.object({ address: z.string().describe('The 0x address.') }), responses: { 204: null } },
});
