// Canary for raw-set-cookie.ts: a cookie written into the Set-Cookie header past
// @fastify/cookie. When a bump changes its serializer or makes its onSend hook replace
// the header, a test here fails and says which; the module's header says what to do then.
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yearLongCookie } from './raw-set-cookie.js';

const app = Fastify();
beforeAll(async () => {
  await app.register(cookie);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('set-cookie', yearLongCookie('early', 'abc_DEF-123', false));
    done();
  });
  app.get('/', async () => 'no more cookies');
  app.get('/login', async (_request, reply) => {
    reply.setCookie('session', 'token', { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 3600 });
    return 'signed in';
  });
  await app.ready();
});
afterAll(() => app.close());

describe('@fastify/cookie behaviour raw-set-cookie.ts relies on', () => {
  it("writes what @fastify/cookie's serializer writes for the same options (attributes in any order)", () => {
    const options = { maxAge: 365 * 24 * 60 * 60, path: '/', httpOnly: true, sameSite: 'lax' } as const;
    const parts = (header: string) => {
      const [pair, ...attributes] = header.split('; ');
      return { pair, attributes: attributes.sort() };
    };
    for (const secure of [false, true]) {
      expect(parts(yearLongCookie('hb_csrf', 'abc_DEF-123', secure)), `@fastify/cookie's serializer now writes these options differently (secure: ${secure})`).toEqual(
        parts(app.serializeCookie('hb_csrf', 'abc_DEF-123', { ...options, secure })),
      );
    }
  });

  it('keeps the raw cookie when nothing else is set', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.headers['set-cookie']).toBe(yearLongCookie('early', 'abc_DEF-123', false));
  });

  it('appends a cookie set later with reply.setCookie to the raw one, instead of replacing it', async () => {
    const response = await app.inject({ url: '/login' });
    expect(response.headers['set-cookie'], "@fastify/cookie's onSend no longer keeps a Set-Cookie header already on the reply: a login would lose the CSRF cookie").toEqual([
      yearLongCookie('early', 'abc_DEF-123', false),
      expect.stringMatching(/^session=token; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax$/),
    ]);
  });
});
