import { z } from 'zod';
import { apiSchemas as s } from '../../../shared/api-schemas.js';
import {
  type AccountSession as AccountSessionType,
  changePasswordSchema,
  type RecoveryCodes as RecoveryCodesType,
  recoverSchema,
  regenerateRecoveryCodesSchema,
  totpCodeSchema,
  type TotpEnrolment as TotpEnrolmentType,
  type TwoFactorStatus as TwoFactorStatusType,
} from '../../../shared/schemas/account-security.js';
import { routeDocs } from '../../lib/route-doc.js';

// Allow-lists of what the routes answer; each is checked against its interface below.
const TotpEnrolment = z.object({
  secret: z.string().regex(/^[A-Z2-7]+=*$/).describe('Base32, for typing into an authenticator app.'),
  otpauthUrl: z.string().regex(/^otpauth:\/\/totp\//).describe('The same secret as a URL, for a QR code.'),
});
const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string().regex(/^[0-9a-z]{5}-[0-9a-z]{5}$/)).length(10).describe('Shown once, never again.') });
const TwoFactorStatus = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.int().min(0) });
const AccountSession = z.object({
  id: z.uuid().describe("The session's handle: random, unrelated to its cookie."),
  current: z.boolean().describe('The session of this request.'),
  browser: z.string().nullable().describe('Browser and system in words, read at sign-in ("Firefox on Windows").'),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().describe('Kept to the hour, and moved at most once a day (docs/privacy.md).'),
});
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const drift: [
  Same<z.output<typeof TotpEnrolment>, TotpEnrolmentType>,
  Same<z.output<typeof RecoveryCodes>, RecoveryCodesType>,
  Same<z.output<typeof TwoFactorStatus>, TwoFactorStatusType>,
  Same<z.output<typeof AccountSession>, AccountSessionType>,
] = [true, true, true, true];
void drift;

const sessionParams = z.object({ id: z.uuid() });

/** The OpenAPI entries of routes.ts (lib/route-doc.ts). */
export const accountSecurityDocs = routeDocs('Account security', {
  'GET /api/user/totp': { summary: 'Whether two-factor sign-in is on, and recovery codes left', access: 'user', responses: { 200: TwoFactorStatus } },
  'POST /api/user/totp': {
    summary: 'Start two-factor setup',
    description: 'A new TOTP secret (RFC 6238, 6 digits, 30 s), waiting 10 minutes for its first code. 409 when two-factor sign-in is already on.',
    access: 'user', responses: { 200: TotpEnrolment }, errors: [409],
  },
  'POST /api/user/totp/verify': {
    summary: 'Turn two-factor sign-in on with a first code',
    description: 'Answers ten new recovery codes, shown once (the old ones stop working), and signs out the other sessions. A wrong, replayed or expired code is a 400.',
    access: 'user', body: totpCodeSchema, responses: { 200: RecoveryCodes }, errors: [409, 429],
  },
  'DELETE /api/user/totp': {
    summary: 'Turn two-factor sign-in off',
    description: 'Takes a current code or an unused recovery code; signs out the other sessions.',
    access: 'user', body: totpCodeSchema, responses: { 204: null }, errors: [429],
  },
  'POST /api/user/recovery-codes': {
    summary: 'Make ten new recovery codes',
    description: 'Needs the password. The old codes stop working; the other sessions are signed out. Each code signs in in place of a second-factor code, or resets a forgotten password (POST /api/recover).',
    access: 'user', body: regenerateRecoveryCodesSchema, responses: { 200: RecoveryCodes }, errors: [429],
  },
  'PUT /api/user/password': {
    summary: 'Change the password',
    description: "Needs the current password. The account's anonymous writing stays its own; the other sessions are signed out.",
    access: 'user', body: changePasswordSchema, responses: { 204: null }, errors: [429],
  },
  'POST /api/recover': {
    summary: 'Set a new password with a recovery code, and sign in',
    description: "Uses up the code. The account's anonymous writing stays its own; every other session is signed out. 401 for an unknown username or a wrong or used code.",
    access: 'visitor', bannable: true, body: recoverSchema, responses: { 200: s.CurrentUser }, errors: [401, 428, 429],
  },
  'GET /api/user/sessions': { summary: "The account's signed-in sessions", description: 'Never an address.', access: 'user', responses: { 200: z.array(AccountSession) } },
  'DELETE /api/user/sessions': { summary: 'Sign out every other session', access: 'user', responses: { 204: null } },
  'DELETE /api/user/sessions/:id': {
    summary: 'Sign out one session',
    description: 'By the id the list gives; the current one signs this browser out.',
    access: 'user', params: sessionParams, responses: { 204: null },
  },
});
