import type { FastifyInstance, FastifyRequest } from 'fastify';
import { changePasswordSchema, INVALID_RECOVERY, recoverSchema, regenerateRecoveryCodesSchema, totpCodeSchema } from '../../../shared/schemas/account-security.js';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors.js';
import { ACCOUNT_SUSPENDED } from '../../lib/messages.js';
import { parseInput } from '../../lib/validate.js';
import { gated } from '../../plugins/gate.js';

type WithId = { Params: { id: string } };

/**
 * The account's credentials (CONTRACT.md section 15): second factor, recovery codes,
 * password change, recovery, and the sessions list. A banned user may still secure
 * their account (ban: false); guessing is limited per address (the gate's named limits)
 * and per account (app.spendAccountLimit).
 */
export async function accountSecurityRoutes(app: FastifyInstance) {
  const { accountSecurity, users } = app.services;
  const spendSecondFactor = (userId: number) => app.spendAccountLimit('secondFactor', userId);

  app.get('/api/user/totp', async (request) => accountSecurity.status(request.requireUser().id));

  app.post('/api/user/totp', gated({ ban: false, user: true }), async (request) => accountSecurity.startTotp(request.requireUser()));

  const codeInput = (request: FastifyRequest) => parseInput(totpCodeSchema, request.body);
  app.post('/api/user/totp/verify', gated({ ban: false, user: true, rateLimit: 'secondFactor', input: codeInput }), async (request) => {
    const user = request.requireUser();
    const authorKey = request.requireAuthorKey();
    const { code } = codeInput(request);
    await spendSecondFactor(user.id);
    return accountSecurity.confirmTotp(user.id, code, authorKey, request.sessionId);
  });

  app.delete('/api/user/totp', gated({ ban: false, user: true, rateLimit: 'secondFactor', input: codeInput }), async (request, reply) => {
    const user = request.requireUser();
    const { code } = codeInput(request);
    await spendSecondFactor(user.id);
    await accountSecurity.disableTotp(user.id, code, request.sessionId);
    return reply.code(204).send();
  });

  // Checks a password: the login's budget, as deleting the account does.
  const passwordInput = (request: FastifyRequest) => parseInput(regenerateRecoveryCodesSchema, request.body);
  app.post('/api/user/recovery-codes', gated({ ban: false, user: true, rateLimit: 'login', input: passwordInput }), async (request) => {
    const user = request.requireUser();
    const authorKey = request.requireAuthorKey();
    const { password } = passwordInput(request);
    return accountSecurity.regenerateRecoveryCodes(user, password, authorKey, request.sessionId);
  });

  const changeInput = (request: FastifyRequest) => parseInput(changePasswordSchema, request.body);
  app.put('/api/user/password', gated({ ban: false, user: true, rateLimit: 'login', input: changeInput }), async (request, reply) => {
    const user = request.requireUser();
    const authorKey = request.requireAuthorKey();
    await accountSecurity.changePassword(user, changeInput(request), authorKey, request.sessionId);
    return reply.code(204).send();
  });

  // A forgotten password (CONTRACT.md section 15): a sign-in, so banned addresses are
  // refused and proof of work is asked as for login.
  const recoverInput = (request: FastifyRequest) => parseInput(recoverSchema, request.body);
  app.post('/api/recover', gated({ ban: true, rateLimit: 'recover', input: recoverInput, pow: 'login' }), async (request, reply) => {
    const { username, recoveryCode, newPassword } = recoverInput(request);
    const account = await accountSecurity.accountToRecover(username);
    if (!account) throw new UnauthorizedError(INVALID_RECOVERY);
    await app.spendAccountLimit('recover', account.id);
    const authorKey = await accountSecurity.openWithRecoveryCode(account.id, recoveryCode);
    if (!authorKey) throw new UnauthorizedError(INVALID_RECOVERY);
    // Told only to someone who proved a code, as login tells it after the password.
    if (!account.isActive) throw new ForbiddenError(ACCOUNT_SUSPENDED);
    await request.assertAuthorNotSuspended(reply, authorKey);
    const user = await accountSecurity.resetPassword(account.id, newPassword, authorKey);
    await reply.startSession(user.id, authorKey);
    return users.ownView(user, authorKey);
  });

  app.get('/api/user/sessions', async (request) => accountSecurity.sessions(request.requireUser().id, request.sessionId));

  // All but the caller's.
  app.delete('/api/user/sessions', gated({ ban: false, user: true }), async (request, reply) => {
    await accountSecurity.signOutOthers(request.requireUser().id, request.sessionId);
    return reply.code(204).send();
  });

  app.delete<WithId>('/api/user/sessions/:id', gated({ ban: false, user: true }), async (request, reply) => {
    const user = request.requireUser();
    // Its own session: signed out as by logout, the cookie cleared.
    if ((await accountSecurity.signOutSession(user.id, request.params.id, request.sessionId)) === 'current') await reply.endSession();
    return reply.code(204).send();
  });
}
