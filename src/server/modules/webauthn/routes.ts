import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PASSWORD_INCORRECT } from '../../../shared/schemas/auth.js';
import { PASSKEY_NOT_FOUND, passkeyAssertionSchema, passkeyRegistrationSchema, passkeyRenameSchema, unlockSchema } from '../../../shared/schemas/webauthn.js';
import { ForbiddenError, ValidationError } from '../../lib/errors.js';
import { ACCOUNT_SUSPENDED } from '../../lib/messages.js';
import { parseId } from '../../lib/params.js';
import { verifyPassword } from '../../lib/password.js';
import { siteOrigin } from '../../lib/site-origin.js';
import { parseInput } from '../../lib/validate.js';
import { gated } from '../../plugins/gate.js';
import type { RelyingParty } from './service.js';

/**
 * The relying party of a ceremony: the board's public origin (PUBLIC_URL, else the one the
 * request names: lib/site-origin.ts) and its host name as RP ID. A passkey of another site,
 * or an answer made on another origin, does not verify against it.
 */
function relyingParty(request: FastifyRequest): RelyingParty {
  const origin = new URL(siteOrigin(request).href);
  return { origin: origin.origin, id: origin.hostname };
}

/** Passkeys (CONTRACT.md section 15; docs/decisions/021-passkeys.md). */
export async function webauthnRoutes(app: FastifyInstance) {
  const { webauthn, auth, users } = app.services;

  app.get('/api/webauthn/passkeys', async (request) => webauthn.list(request.requireUser().id));

  app.post('/api/webauthn/registration/options', gated({ ban: false, user: true, rateLimit: 'passkeyChallenge' }), async (request) =>
    webauthn.registrationOptions(request.requireUser(), relyingParty(request)),
  );

  app.post('/api/webauthn/registration', gated({ ban: false, user: true }), async (request, reply) => {
    const user = request.requireUser();
    const { name, response, prfOutput } = parseInput(passkeyRegistrationSchema, request.body);
    // The key is wrapped only when this session has it open: a locked session adds a passkey that cannot unlock it.
    const passkey = await webauthn.register(user.id, { name, response: response as unknown as RegistrationResponseJSON, prfOutput }, request.authorKey, relyingParty(request));
    return reply.code(201).send(passkey);
  });

  app.patch<{ Params: { id: string } }>('/api/webauthn/passkeys/:id', gated({ ban: false, user: true }), async (request) => {
    const user = request.requireUser();
    const id = parseId(request.params.id, PASSKEY_NOT_FOUND);
    const { name } = parseInput(passkeyRenameSchema, request.body);
    return webauthn.rename(user.id, id, name);
  });

  app.delete<{ Params: { id: string } }>('/api/webauthn/passkeys/:id', gated({ ban: false, user: true }), async (request, reply) => {
    const user = request.requireUser();
    await webauthn.remove(user.id, parseId(request.params.id, PASSKEY_NOT_FOUND));
    return reply.code(204).send();
  });

  app.post<{ Params: { id: string } }>('/api/webauthn/passkeys/:id/prf', gated({ ban: false, user: true }), async (request) => {
    const user = request.requireUser();
    const id = parseId(request.params.id, PASSKEY_NOT_FOUND);
    const { response, prfOutput } = parseInput(passkeyAssertionSchema, request.body);
    return webauthn.enablePrf(user.id, id, { response: response as unknown as AuthenticationResponseJSON, prfOutput }, request.requireAuthorKey(), relyingParty(request));
  });

  // Sign-in with a passkey alone: no account is named before the assertion.
  app.post('/api/webauthn/authentication/options', gated({ ban: false, rateLimit: 'passkeyChallenge' }), async (request) =>
    webauthn.authenticationOptions(relyingParty(request)),
  );

  // The login's rules (modules/auth): banned addresses refused by the gate, the login
  // budget, a suspended account 403 once the passkey proved it, an author suspension
  // refused before anything is written when the key opened.
  const assertionInput = (request: FastifyRequest) => parseInput(passkeyAssertionSchema, request.body);
  app.post('/api/webauthn/authentication', gated({ ban: true, rateLimit: 'login', input: assertionInput }), async (request, reply) => {
    const { response, prfOutput } = assertionInput(request);
    const { user, authorKey } = await webauthn.authenticate({ response: response as unknown as AuthenticationResponseJSON, prfOutput }, relyingParty(request));
    return signInWith(request, reply, user, authorKey);
  });

  async function signInWith(request: FastifyRequest, reply: FastifyReply, user: Parameters<typeof users.ownView>[0], authorKey: Parameters<typeof users.ownView>[1] | null) {
    if (!user.isActive) throw new ForbiddenError(ACCOUNT_SUSPENDED);
    if (authorKey) await request.assertAuthorNotSuspended(reply, authorKey);
    const signedIn = (await auth.recordSignIn(user.id)) ?? user;
    await reply.startSession(user.id, authorKey ?? null);
    return { user: await users.ownView(signedIn, authorKey), unlocked: authorKey !== null };
  }

  // A session a passkey opened without the key: the password opens it, once, for this
  // session only. Limited like login, since it checks a password.
  app.post('/api/webauthn/unlock', gated({ ban: false, user: true, rateLimit: 'login' }), async (request, reply) => {
    const user = request.requireUser();
    const { password } = parseInput(unlockSchema, request.body);
    if (!request.authorKeyLocked) return { unlocked: true };
    if (!(await verifyPassword(user.passwordHash, password))) throw new ValidationError(PASSWORD_INCORRECT, { password: PASSWORD_INCORRECT });
    const unlocked = await auth.unlockAuthorKey(user, password);
    // As at login: an author suspension covering the key refuses it, nothing written.
    await request.assertAuthorNotSuspended(reply, unlocked.authorKey);
    // A key from escrow, or new because the wrapped form was altered: wrapped under the password as login does.
    if (unlocked.rewrap) await auth.signIn(user, password, unlocked);
    await reply.unlockSession(unlocked.authorKey);
    return { unlocked: true };
  });
}
