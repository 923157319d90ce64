import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deleteAccountSchema, loginSchema, registerSchema } from '../../../shared/schemas/auth.js';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors.js';
import { ACCOUNT_SUSPENDED, INVALID_CREDENTIALS, SESSION_ENDED } from '../../lib/messages.js';
import { parseInput } from '../../lib/validate.js';
import { gated } from '../../plugins/gate.js';
import { serializeCurrentUser } from '../users/index.js';

// The login form posted without JavaScript (modules/pages) answers with the same words.
export { INVALID_CREDENTIALS } from '../../lib/messages.js';

/** Accounts and sessions (CONTRACT.md section 3). */
export async function authRoutes(app: FastifyInstance) {
  const { accountSecurity, auth, users } = app.services;

  const registerInput = (request: FastifyRequest) => parseInput(registerSchema, request.body);
  app.post('/api/register', gated({ ban: true, rateLimit: 'register', input: registerInput, pow: 'register' }), async (request, reply) => {
    const input = registerInput(request);
    const { user, authorKey } = await auth.register(input);
    await reply.startSession(user.id, authorKey);
    return reply.code(201).send(serializeCurrentUser(user));
  });

  // Proof of work before the password hash: a flood of guesses pays its CPU first.
  const loginInput = (request: FastifyRequest) => parseInput(loginSchema, request.body);
  app.post('/api/login', gated({ ban: true, rateLimit: 'login', input: loginInput, pow: 'login' }), async (request, reply) => {
    const { username, password, code } = loginInput(request);
    const user = await auth.verifyCredentials(username, password);
    if (!user) throw new UnauthorizedError(INVALID_CREDENTIALS);
    // Told only to someone who proved the password, so it reveals nothing to guessers.
    if (!user.isActive) throw new ForbiddenError(ACCOUNT_SUSPENDED);
    // The second factor, when it is on (CONTRACT.md section 15): counted per account only
    // once the password is proved, so no stranger can lock anyone out.
    await accountSecurity.signInStep(user.id, code, () => app.spendAccountLimit('secondFactor', user.id));
    // The password opened the author key: an author suspension refuses the sign-in here,
    // before anything is written (CONTRACT.md section 13).
    const unlocked = await auth.unlockAuthorKey(user, password);
    await request.assertAuthorNotSuspended(reply, unlocked.authorKey);
    const signedIn = await auth.signIn(user, password, unlocked);
    await reply.startSession(user.id, signedIn.authorKey);
    return users.ownView(signedIn.user, signedIn.authorKey);
  });

  // A banned user may still end their session.
  app.post('/api/logout', gated({ ban: false }), async (_request, reply) => {
    await reply.endSession();
    return reply.code(204).send();
  });

  app.get('/api/user', async (request) => {
    const user = request.user;
    if (!user) throw new UnauthorizedError(request.sessionEnded ? SESSION_ENDED : 'Not logged in');
    // Full figures, tips to their anonymous writing included, through the session's key.
    return users.ownView(user, request.authorKey);
  });

  // Deleting one's account (CONTRACT.md section 11): a wrong password is a 400 on the
  // field, as the form shows it; limited like login, since it checks a password.
  // Leaving is not refused to a banned user (their data goes).
  app.delete('/api/user', gated({ ban: false, user: true, rateLimit: 'login' }), async (request, reply) => {
    const user = request.requireUser();
    const { password } = parseInput(deleteAccountSchema, request.body);
    await auth.deleteAccount(user, password, request.authorKey);
    await reply.endSession();
    return reply.code(204).send();
  });
}
