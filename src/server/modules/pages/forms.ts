import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageFormName, PageFormState } from '../../../shared/page-render.js';
import { loginSchema, registerFormSchema } from '../../../shared/schemas/auth.js';
import { createPostSchema } from '../../../shared/schemas/posts.js';
import { POLL_NOT_FOUND, pollFromForm, pollVoteSchema } from '../../../shared/schemas/polls.js';
import { createThreadSchema } from '../../../shared/schemas/threads.js';
import { ForbiddenError, HttpError, PowRequiredError, UnauthorizedError, ValidationError } from '../../lib/errors.js';
import { readForm } from '../../lib/form.js';
import { ACCOUNT_SUSPENDED, INVALID_CREDENTIALS, THREAD_NOT_FOUND, USERNAME_TAKEN } from '../../lib/messages.js';
import { parseId } from '../../lib/params.js';
import { parseInput } from '../../lib/validate.js';
import { viewerOf } from '../../lib/viewer.js';
import { gated } from '../../plugins/gate.js';
import { multipartRoutes } from '../../plugins/multipart.js';
import type { SendPage } from './html.js';

/** A form field as the text it was sent as (a multipart field is a string; anything else is nothing). */
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What a failed post shows again: the field messages, or the message of an error about no field. */
function failure(error: unknown): { status: number; errors: Record<string, string>; message?: string } {
  if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
  if (error instanceof ValidationError && error.errors && Object.keys(error.errors).length > 0) return { status: 400, errors: error.errors };
  return { status: error.statusCode, errors: error.errors ?? {}, message: error.message };
}

/** A form's page and what it shows again: where it is, and what was sent (never a password). */
interface FormPage {
  name: PageFormName;
  page(request: FastifyRequest): string | Promise<string>;
  values(fields: Record<string, unknown>): Record<string, string>;
}

/**
 * The options ticked in a poll's form: a single-choice poll's radio buttons share the
 * name `optionIds`; a multiple-choice poll's boxes are named `option-<id>` (a multipart
 * field name is read once, so boxes cannot share one).
 */
function pollChoices(fields: Record<string, unknown>): string[] {
  const chosen = typeof fields.optionIds === 'string' && fields.optionIds !== '' ? [fields.optionIds] : [];
  for (const name of Object.keys(fields)) {
    const box = /^option-(\d{1,10})$/.exec(name);
    if (box) chosen.push(box[1]!);
  }
  return chosen;
}

/** The new-thread form's poll fields, to show again as they were sent. */
function pollValues(fields: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of Object.keys(fields)) if (/^poll(Question|Option-\d{1,2}|ClosesIn|ShowResults)$/.test(name)) values[name] = text(fields[name]);
  if (fields.pollMultiple !== undefined) values.pollMultiple = 'true';
  return values;
}

/** An unticked checkbox sends nothing: here that means "not anonymous". */
const anonymity = (fields: Record<string, unknown>) => (fields.isAnonymous === undefined ? 'false' : 'true');

/**
 * The forms that work without JavaScript (CONTRACT.md section 12): login, register,
 * reply and new thread post here as plain HTML forms (multipart, with the `_csrf`
 * field), and each calls the same service with the same shared schema as its API
 * route. Success answers 303 to the page that shows the result; a failure renders the
 * form's page again with the status and the messages the API would have answered.
 *
 * Each goes through the write gate (plugins/gate.ts) like its API route: CSRF and
 * origin, bans, proof of work, limits. A refusal there ends the request; this scope's
 * error handler answers it as the form's page again (a visitor who must sign in goes
 * to the login page), so no handler runs after a refusal.
 */
export async function pageFormRoutes(app: FastifyInstance, { sendPage }: { sendPage: SendPage }) {
  const { accountSecurity, auth, posts, threads, boards, polls } = app.services;

  /** The page of the form again, with what was sent (never a password) and the messages. */
  const again = (request: FastifyRequest, reply: FastifyReply, url: string, form: PageFormName, values: Record<string, string>) =>
    (status: number, errors: Record<string, string>, message?: string, needsJavaScript?: boolean) => {
      const state: PageFormState = { form, values, errors, ...(message ? { message } : {}), ...(needsJavaScript ? { needsJavaScript } : {}) };
      return sendPage(request, reply, { url, status, form: state });
    };

  // `twoFactor` tells the form to ask for the second-factor code (CONTRACT.md section 15):
  // set once a post showed the account needs one, and kept by the form's hidden field.
  const loginForm: FormPage = {
    name: 'login',
    page: () => '/auth',
    values: (fields) => ({ username: text(fields.username), ...(text(fields.twoFactor) === 'true' ? { twoFactor: 'true' } : {}) }),
  };
  const registerForm: FormPage = {
    name: 'register',
    page: () => '/auth?tab=register',
    values: (fields) => ({ username: text(fields.username), email: text(fields.email) }),
  };
  const replyForm: FormPage = {
    name: 'reply',
    page: (request) => `/thread/${encodeURIComponent((request.params as { id: string }).id)}`,
    values: (fields) => ({ content: text(fields.content), isAnonymous: anonymity(fields) }),
  };
  const threadForm: FormPage = {
    name: 'thread',
    // Only to show the form again on that board's page: the schema judges the field.
    async page(request) {
      const chosen = Number(text(readForm(request).fields.boardId));
      const board = Number.isInteger(chosen) && chosen > 0 && chosen <= 2_147_483_647 ? await boards.byId(chosen).catch(() => null) : null;
      return `/new-thread${board ? `?board=${board.code}` : ''}`;
    },
    values: (fields) => ({
      boardId: text(fields.boardId),
      title: text(fields.title),
      content: text(fields.content),
      isAnonymous: anonymity(fields),
      ...pollValues(fields),
    }),
  };
  const pollForm: FormPage = {
    name: 'poll',
    page: (request) => `/thread/${encodeURIComponent((request.params as { id: string }).id)}`,
    values: (fields) => ({ optionIds: pollChoices(fields).join(',') }),
  };
  /** The forms by route (the route matched, never the URL's spelling). */
  const formPages = new Map<string, FormPage>([
    ['/login', loginForm],
    ['/register', registerForm],
    ['/thread/:id/reply', replyForm],
    ['/new-thread', threadForm],
    ['/thread/:id/poll/:pollId', pollForm],
  ]);

  /** The form's page again for what was sent, with a refusal's status and message. */
  const showAgain = async (request: FastifyRequest, reply: FastifyReply, form: FormPage, status: number, message?: string, needsJavaScript?: boolean) => {
    const { fields } = request.body === undefined ? { fields: {} } : readForm(request);
    await again(request, reply, await form.page(request), form.name, form.values(fields))(status, {}, message, needsJavaScript);
    return reply;
  };

  await multipartRoutes(app, (scope) => {
    // The gate's refusals, answered as the form's page; anything else (a malformed form) as the app answers it.
    scope.setErrorHandler(async (error, request, reply) => {
      const form = formPages.get(request.routeOptions.url ?? '');
      if (!form) throw error;
      if (error instanceof UnauthorizedError) return reply.redirect('/auth', 303);
      // A limit's refusal (Retry-After already set): the page again, saying when to try, not a JSON body.
      if ((error as { statusCode?: unknown }).statusCode === 429) return showAgain(request, reply, form, 429, (error as Error).message);
      // A browser without JavaScript cannot solve a challenge: the form says it needs JavaScript for now.
      if (error instanceof PowRequiredError) return showAgain(request, reply, form, 428, undefined, true);
      // The CSRF token or origin, or a ban.
      if (error instanceof ForbiddenError) return showAgain(request, reply, form, 403, error.message);
      throw error;
    });

    scope.post('/login', gated({ ban: true, rateLimit: 'login', pow: 'login' }), async (request, reply) => {
      const { fields } = readForm(request);
      const show = again(request, reply, await loginForm.page(request), 'login', loginForm.values(fields));
      try {
        const { username, password, code } = parseInput(loginSchema, fields);
        const user = await auth.verifyCredentials(username, password);
        if (!user) return show(401, {}, INVALID_CREDENTIALS);
        if (!user.isActive) return show(403, {}, ACCOUNT_SUSPENDED);
        try {
          await accountSecurity.signInStep(user.id, code, () => app.spendAccountLimit('secondFactor', user.id));
        } catch (error) {
          // The form again with the code field (the password is typed again: a page never holds it).
          if (!(error instanceof HttpError) || error.statusCode !== 401) throw error;
          const values = { ...loginForm.values(fields), twoFactor: 'true' };
          return again(request, reply, await loginForm.page(request), 'login', values)(401, {}, error.message);
        }
        const unlocked = await auth.unlockAuthorKey(user, password);
        await request.assertAuthorNotSuspended(reply, unlocked.authorKey);
        const signedIn = await auth.signIn(user, password, unlocked);
        await reply.startSession(user.id, signedIn.authorKey);
        // As the app does after logging in (SPEC.md section 2): home.
        return reply.redirect('/', 303);
      } catch (error) {
        const { status, errors, message } = failure(error);
        return show(status, errors, message);
      }
    });

    scope.post('/register', gated({ ban: true, rateLimit: 'register', pow: 'register' }), async (request, reply) => {
      const { fields } = readForm(request);
      const show = again(request, reply, await registerForm.page(request), 'register', registerForm.values(fields));
      try {
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

    // A visitor is sent to the login page by the gate (nothing is lost: nothing was done).
    scope.post<{ Params: { id: string } }>('/thread/:id/reply', gated({ user: true, ban: true, pow: 'reply' }), async (request, reply) => {
      const id = parseId(request.params.id, THREAD_NOT_FOUND);
      const user = request.requireUser();
      const { fields, image } = readForm(request);
      const values = replyForm.values(fields);
      const show = again(request, reply, `/thread/${id}`, 'reply', values);
      try {
        const input = parseInput(createPostSchema, { ...fields, threadId: String(id), isAnonymous: values.isAnonymous });
        const post = await posts.createPost(input, { id: user.id, ipHash: await request.contentIpHash(input.isAnonymous) }, viewerOf(request), image);
        return reply.redirect(`/thread/${id}#post-${post.id}`, 303);
      } catch (error) {
        const { status, errors, message } = failure(error);
        return show(status, errors, message);
      }
    });

    // A poll's ballot (CONTRACT.md section 14): the same vote as POST /api/polls/{id}/vote, back to the thread.
    scope.post<{ Params: { id: string; pollId: string } }>('/thread/:id/poll/:pollId', gated({ user: true, ban: true }), async (request, reply) => {
      const id = parseId(request.params.id, THREAD_NOT_FOUND);
      const { fields } = readForm(request);
      const show = again(request, reply, `/thread/${id}`, 'poll', pollForm.values(fields));
      try {
        const pollId = parseId(request.params.pollId, POLL_NOT_FOUND);
        const { optionIds } = parseInput(pollVoteSchema, { optionIds: pollChoices(fields) });
        await polls.vote(pollId, request.requireAuthorKey(), optionIds);
        return reply.redirect(`/thread/${id}#poll`, 303);
      } catch (error) {
        const { status, errors, message } = failure(error);
        return show(status, errors, message);
      }
    });

    scope.post('/new-thread', gated({ user: true, ban: true, pow: 'thread' }), async (request, reply) => {
      const user = request.requireUser();
      const { fields, image } = readForm(request);
      const values = threadForm.values(fields);
      const show = again(request, reply, await threadForm.page(request), 'thread', values);
      try {
        const input = parseInput(createThreadSchema, { ...fields, isAnonymous: values.isAnonymous, poll: pollFromForm(fields) });
        const thread = await threads.createThread(input, { id: user.id, ipHash: await request.contentIpHash(input.isAnonymous) }, viewerOf(request), image);
        return reply.redirect(`/thread/${thread.id}`, 303);
      } catch (error) {
        const { status, errors, message } = failure(error);
        return show(status, errors, message);
      }
    });
  });
}
