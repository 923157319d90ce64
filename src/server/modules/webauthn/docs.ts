import { z } from 'zod';
import { apiSchemas as s } from '../../../shared/api-schemas.js';
import { passkeyAssertionSchema, passkeyRegistrationSchema, passkeyRenameSchema, passkeySchema, unlockSchema } from '../../../shared/schemas/webauthn.js';
import { routeDocs } from '../../lib/route-doc.js';

/** WebAuthn options as SimpleWebAuthn writes them (the JSON form of PublicKeyCredential*Options). */
const ceremonyOptions = z.record(z.string(), z.unknown()).describe('Options for @simplewebauthn/browser (the JSON form of the WebAuthn options), with the PRF extension input.');
const unlocked = z.object({ unlocked: z.boolean() });
// The list's items are a copy of the shape: an unnamed schema may be answered alone or
// inside another, not both (modules/openapi/document.ts inlines each unnamed answer).
const passkeyList = z.array(z.object(passkeySchema.shape));

/** The OpenAPI entries of routes.ts (lib/route-doc.ts). */
export const webauthnDocs = routeDocs('Passkeys', {
  'GET /api/webauthn/passkeys': { summary: "The signed-in user's passkeys", access: 'user', responses: { 200: passkeyList } },
  'POST /api/webauthn/registration/options': {
    summary: 'Begin adding a passkey',
    description: 'A single-use challenge, valid five minutes, for a discoverable credential with user verification, scoped to the board\'s public origin.',
    access: 'user', responses: { 200: ceremonyOptions }, errors: [429],
  },
  'POST /api/webauthn/registration': {
    summary: 'Add a passkey',
    description:
      'The authenticator\'s answer to the registration challenge and a name. With `prfOutput` (the PRF extension\'s output, never stored) in a session whose author key is open, the passkey also unlocks the anonymous posts at sign-in.',
    access: 'user', body: passkeyRegistrationSchema, responses: { 201: passkeySchema }, errors: [409],
  },
  'PATCH /api/webauthn/passkeys/:id': { summary: 'Rename a passkey', access: 'user', body: passkeyRenameSchema, responses: { 200: passkeySchema } },
  'DELETE /api/webauthn/passkeys/:id': { summary: 'Remove a passkey', access: 'user', responses: { 204: null } },
  'POST /api/webauthn/passkeys/:id/prf': {
    summary: 'Let a passkey unlock the anonymous posts',
    description: 'An assertion by the passkey (challenge from /api/webauthn/authentication/options) with its PRF output, in a session whose author key is open.',
    access: 'user', body: passkeyAssertionSchema, responses: { 200: passkeySchema },
  },
  'POST /api/webauthn/authentication/options': {
    summary: 'Begin signing in with a passkey',
    description: 'A single-use challenge, valid five minutes; no username: any passkey of this board may answer.',
    access: 'visitor', responses: { 200: ceremonyOptions }, errors: [429],
  },
  'POST /api/webauthn/authentication': {
    summary: 'Sign in with a passkey',
    description:
      'Starts a session as login does. `unlocked` says whether the passkey\'s PRF output opened the author key; when false, what needs it answers 403 with `unlockRequired: true` until POST /api/webauthn/unlock.',
    access: 'visitor', bannable: true, body: passkeyAssertionSchema, responses: { 200: z.object({ user: s.CurrentUser, unlocked: z.boolean() }) }, errors: [429],
  },
  'POST /api/webauthn/unlock': {
    summary: "Unlock this session's anonymous posts with the password",
    description: 'For a session a passkey without PRF opened: the password opens the author key for this session only.',
    access: 'user', body: unlockSchema, responses: { 200: unlocked }, errors: [429],
  },
});
