import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PowAction } from '../../../shared/constants.js';
import type { PageFormName, PageFormState } from '../../../shared/page-render.js';
import { loginSchema, registerFormSchema } from '../../../shared/schemas/auth.js';
import { createPostSchema } from '../../../shared/schemas/posts.js';
import { createThreadSchema } from '../../../shared/schemas/threads.js';
import { HttpError, ValidationError } from '../../lib/errors.js';
import { readForm } from '../../lib/form.js';
import { ACCOUNT_SUSPENDED, INVALID_CREDENTIALS, THREAD_NOT_FOUND, USERNAME_TAKEN } from '../../lib/messages.js';
import { parseId } from '../../lib/params.js';
import { parseInput } from '../../lib/validate.js';
import { viewerOf } from '../../lib/viewer.js';
import { CSRF_REFUSED, hasValidCsrfToken } from '../../plugins/csrf.js';
import { multipartRoutes } from '../../plugins/multipart.js';
import { rateLimited } from '../../plugins/rate-limit.js';
import type { SendPage } from './html.js';

/**
 * Whether proof of work is demanded of this post (CONTRACT.md section 11). A browser
 * without JavaScript cannot solve a challenge, so when one is demanded the form is
 * shown again saying it needs JavaScript for now. The same gate the API routes ask
 * (a 428 there); it counts this post as one action, as the API does.
 */
async function powDemanded(request: FastifyRequest, action: PowAction): Promise<boolean> {
  return !(await request.server.powGate.evaluate(request, action)).passed;
}

/** A form field as the text it was sent as (a multipart field is a string; anything else is nothing). */
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What a failed post shows again: the field messages, or the message of an error about no field. */
function failure(error: unknown): { status: number; errors: Record<string, string>; message?: string } {
  if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
  if (error instanceof ValidationError && error.errors && Object.keys(error.errors).length > 0) return { status: 400, errors: error.errors };
  return { status: error.statusCode, errors: error.errors ?? {}, message: error.message };
}

/**
 * The forms that work without JavaScript (CONTRACT.md section 12): login, register,
 * reply and new thread post here as plain HTML forms (multipart, with the `_csrf`
 * field), and each calls the same service with the same shared schema as its API
 * route. Success answers 303 to the page that shows the result; a failure renders the
 * form's page again with the status and the messages the API would have answered.
 */
export async function pageFormRoutes(app: FastifyInstance, { sendPage }: { sendPage: SendPage }) {
  const { auth, posts, threads, boards } = app.services;

  /** The page of the form again, with what was sent (never a password) and the messages. */
  const again = (request: FastifyRequest, reply: FastifyReply, url: string, form: PageFormName, values: Record<string, string>) =>
    (status: number, errors: Record<string, string>, message?: string, needsJavaScript?: boolean) => {
      const state: PageFormState = { form, values, errors, ...(message ? { message } : {}), ...(needsJavaScript ? { needsJavaScript } : {}) };
      return sendPage(request, reply, { url, status, form: state });
    };

  /**
   * The checks every form makes first: a visitor who must sign in goes to the login page
   * (nothing is lost: nothing was done); then the CSRF token, then proof of work.
   */
  async function guard(request: FastifyRequest, reply: FastifyReply, show: ReturnType<typeof again>, action: PowAction): Promise<FastifyReply | null> {
    if (!hasValidCsrfToken(request, reply)) return show(403, {}, CSRF_REFUSED);
    if (await powDemanded(request, action)) return show(428, {}, undefined, true);
    return null;
  }

  await multipartRoutes(app, (scope) => {
    scope.post('/login', rateLimited('login'), async (request, reply) => {
      const { fields } = readForm(request);
      const show = again(request, reply, '/auth', 'login', { username: text(fields.username) });
      const refused = await guard(request, reply, show, 'login');
      if (refused) return refused;
      try {
        await request.assertNotBanned();
        const { username, password } = parseInput(loginSchema, fields);
        const user = await auth.verifyCredentials(username, password);
        if (!user) return show(401, {}, INVALID_CREDENTIALS);
        if (!user.isActive) return show(403, {}, ACCOUNT_SUSPENDED);
        const signedIn = await auth.signIn(user, password);
        await reply.startSession(user.id, signedIn.authorKey);
        // As the app does after logging in (SPEC.md section 2): home.
        return reply.redirect('/', 303);
      } catch (error) {
        const { status, errors, message } = failure(error);
        return show(status, errors, message);
      }
    });

    scope.post('/register', rateLimited('register'), async (request, reply) => {
      const { fields } = readForm(request);
      const show = again(request, reply, '/auth?tab=register', 'register', { username: text(fields.username), email: text(fields.email) });
      const refused = await guard(request, reply, show, 'register');
      if (refused) return refused;
      try {
        await request.assertNotBanned();
        // The form's schema: the API's fields plus the confirmation, which only the form checks.
        const { username, password, email } = parseInput(registerFormSchema, fields);
        const { user, authorKey } = await auth.register({ username, password, email });
        await reply.startSession(user.id, authorKey);
        return reply.redirect('/', 303);
      } catch (error) {
        const { status, errors, message } = failure(error);
        // A taken username is a message about that field.
        if (message === USERNAME_TAKEN) return show(status, { username: message });
        return show(status, errors, message);
      }
    });

    scope.post<{ Params: { id: string } }>('/thread/:id/reply', async (request, reply) => {
      const id = parseId(request.params.id, THREAD_NOT_FOUND);
      const user = await request.loadUser(reply);
      if (!user) return reply.redirect('/auth', 303);
      const { fields, image } = readForm(request);
      const values = { content: text(fields.content), isAnonymous: fields.isAnonymous === undefined ? 'false' : 'true' };
      const show = again(request, reply, `/thread/${id}`, 'reply', values);
      const refused = await guard(request, reply, show, 'reply');
      if (refused) return refused;
      try {
        await request.assertNotBanned();
        // An unticked checkbox sends nothing: here that means "not anonymous".
        const input = parseInput(createPostSchema, { ...fields, threadId: String(id), isAnonymous: values.isAnonymous });
        const post = await posts.createPost(input, { id: user.id, ipHash: request.ipHash }, viewerOf(request), image);
        return reply.redirect(`/thread/${id}#post-${post.id}`, 303);
      } catch (error) {
        const { status, errors, message } = failure(error);
        return show(status, errors, message);
      }
    });

    scope.post('/new-thread', async (request, reply) => {
      const user = await request.loadUser(reply);
      if (!user) return reply.redirect('/auth', 303);
      const { fields, image } = readForm(request);
      const values = {
        boardId: text(fields.boardId),
        title: text(fields.title),
        content: text(fields.content),
        isAnonymous: fields.isAnonymous === undefined ? 'false' : 'true',
      };
      // Only to show the form again on that board's page: the schema below judges the field.
      const chosen = Number(values.boardId);
      const board = Number.isInteger(chosen) && chosen > 0 && chosen <= 2_147_483_647 ? await boards.byId(chosen).catch(() => null) : null;
      const show = again(request, reply, `/new-thread${board ? `?board=${board.code}` : ''}`, 'thread', values);
      const refused = await guard(request, reply, show, 'thread');
      if (refused) return refused;
      try {
        await request.assertNotBanned();
        const input = parseInput(createThreadSchema, { ...fields, isAnonymous: values.isAnonymous });
        const thread = await threads.createThread(input, { id: user.id, ipHash: request.ipHash }, viewerOf(request), image);
        return reply.redirect(`/thread/${thread.id}`, 303);
      } catch (error) {
        const { status, errors, message } = failure(error);
        return show(status, errors, message);
      }
    });
  });
}
