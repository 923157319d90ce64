// Issue 28, findings 1 and 2, as they were reported. (1) The HTML forms answered their
// 403 (CSRF, foreign origin) or 428 (POW=always) and went on to create the reply, the
// thread or the account. (2) A percent-encoded or absolute-form request target reached
// /api/login, /api/register and /api/logout without the CSRF and origin checks, which
// read the URL's text while the router decoded it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PowAction } from '../../shared/constants.js';
import { useTestApp } from '../test/app.js';
import { boardId, createThread, signUp, uniqueName, type TestUser } from '../test/factories.js';
import { fingerprint, freshAddress, json, multipart, powFor, send, startGatedApp, type Answer, type GatedApp, type Sent } from './gate-harness.js';

const t = useTestApp();
let gated: GatedApp;
let user: TestUser;
let thread: { id: number };
const EVIL = 'https://evil.example';

beforeAll(async () => {
  gated = await startGatedApp(t);
  user = await signUp(t, { prefix: 'gatereg' });
  thread = await createThread(t, user, { title: 'Replies only through the gate' });
}, 240_000);
afterAll(() => gated?.close());

const cookieOf = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

/** Sends from a fresh address, and checks that it changed no table. */
async function refusedWithoutChange(request: Sent): Promise<Answer> {
  const ip = await freshAddress(t);
  const before = await fingerprint(t);
  const answer = await send(gated.origin, { ...request, headers: { 'x-forwarded-for': ip, ...request.headers } });
  expect(answer.status, `${request.method} ${request.target}: ${answer.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(await fingerprint(t), `${request.method} ${request.target} changed the database`).toEqual(before);
  return answer;
}

describe('finding 1: the HTML forms stop at their refusal', () => {
  interface Form {
    target: string;
    fields: Record<string, string>;
    signedIn: boolean;
    action: PowAction;
  }
  const forms = (): Form[] => [
    { target: `/thread/${thread.id}/reply`, fields: { content: 'A reply the gate refused' }, signedIn: true, action: 'reply' },
    { target: '/new-thread', fields: { boardId: '', title: 'A refused thread', content: 'Never created, whatever' }, signedIn: true, action: 'thread' },
    { target: '/register', fields: { username: uniqueName('nojsx'), password: 'secret1', confirmPassword: 'secret1' }, signedIn: false, action: 'register' },
    { target: '/login', fields: { username: user.username, password: 'password1' }, signedIn: false, action: 'login' },
  ];

  async function fieldsOf(form: Form): Promise<Record<string, string>> {
    return form.target === '/new-thread' ? { ...form.fields, boardId: String(await boardId(t)) } : form.fields;
  }

  it('without _csrf, with the session cookie and a foreign Origin: 403 "Invalid or missing CSRF token", and nothing is created', async () => {
    for (const form of forms()) {
      const answer = await refusedWithoutChange({
        method: 'POST',
        target: form.target,
        headers: { origin: EVIL, cookie: form.signedIn ? cookieOf(user.client.cookies) : `hb_csrf=${user.client.cookies.get('hb_csrf')}` },
        body: await multipart(await fieldsOf(form)),
      });
      expect(answer.status, form.target).toBe(403);
      expect(answer.body).toContain('Invalid or missing CSRF token');
      expect(answer.headers['set-cookie']?.some((cookie) => cookie.startsWith('hb_session=')) ?? false, `${form.target} started a session`).toBe(false);
    }
  });

  it('with a valid _csrf from a foreign Origin: 403, and nothing is created', async () => {
    for (const form of forms()) {
      const answer = await refusedWithoutChange({
        method: 'POST',
        target: form.target,
        headers: { origin: EVIL, cookie: form.signedIn ? cookieOf(user.client.cookies) : `hb_csrf=${user.client.cookies.get('hb_csrf')}` },
        body: await multipart({ ...(await fieldsOf(form)), _csrf: user.client.csrfToken! }),
      });
      expect(answer.status, form.target).toBe(403);
    }
  });

  it('under POW=always: 428 asking for JavaScript, and nothing is created; a solved challenge goes through', async () => {
    for (const form of forms()) {
      const request = {
        method: 'POST',
        target: form.target,
        headers: { origin: 'null', 'sec-fetch-site': 'same-origin', cookie: form.signedIn ? cookieOf(user.client.cookies) : `hb_csrf=${user.client.cookies.get('hb_csrf')}` },
        body: await multipart({ ...(await fieldsOf(form)), _csrf: user.client.csrfToken! }),
      };
      const answer = await refusedWithoutChange(request);
      expect(answer.status, form.target).toBe(428);
      // The same post with the work done is what the refusal stood between.
      const done = await send(gated.origin, { ...request, headers: { ...request.headers, 'x-forwarded-for': await freshAddress(t), 'x-pow': await powFor(form.action) } });
      expect(done.status, `${form.target}: ${done.body.slice(0, 200)}`).toBe(303);
    }
  });
});

describe('finding 2: a percent-encoded or absolute-form path is the same route, and the same gate', () => {
  const spellings = (path: string) => [`/%61${path.slice(2)}`, `/%61%70%69${path.slice(4)}`, `${gated.origin}${path}`];

  it('POST /%61pi/login with credentials, no token, a foreign Origin: 403, no session', async () => {
    for (const target of spellings('/api/login')) {
      const answer = await refusedWithoutChange({ method: 'POST', target, headers: { origin: EVIL }, body: json({ username: user.username, password: 'password1' }) });
      expect(answer.status, target).toBe(403);
      expect(JSON.parse(answer.body), target).toEqual({ message: 'Invalid or missing CSRF token' });
      expect(answer.headers['set-cookie']?.some((cookie) => cookie.startsWith('hb_session=')) ?? false, target).toBe(false);
    }
  });

  it('POST /%61pi/register: 403, no account', async () => {
    for (const target of spellings('/api/register')) {
      const answer = await refusedWithoutChange({ method: 'POST', target, headers: { origin: EVIL }, body: json({ username: uniqueName('pct'), password: 'password1' }) });
      expect(answer.status, target).toBe(403);
    }
  });

  it('POST /%61pi/logout with the session cookie: 403, and the session lives on', async () => {
    for (const target of spellings('/api/logout')) {
      const answer = await refusedWithoutChange({ method: 'POST', target, headers: { origin: EVIL, cookie: cookieOf(user.client.cookies) }, body: json({}) });
      expect(answer.status, target).toBe(403);
    }
    expect((await user.client.get('/api/user')).statusCode).toBe(200);
  });

  it('a signed-in read through /%61pi is the API read: the user, private', async () => {
    const answer = await send(gated.origin, { method: 'GET', target: '/%61pi/user', headers: { cookie: cookieOf(user.client.cookies) } });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
  });
});
