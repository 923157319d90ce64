import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_BODY_FIELD, CSRF_HEADER } from '../../shared/constants.js';
import { createCsrfTokens } from '../lib/csrf-token-batch.js';
import { ForbiddenError } from '../lib/errors.js';
import { yearLongCookie } from '../lib/raw-set-cookie.js';

export const CSRF_COOKIE = 'hb_csrf';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const csrfTokenCache = Symbol('csrfToken');

/**
 * Signed double-submit CSRF protection (CONTRACT.md section 3). A random secret lives
 * in an HttpOnly cookie; the token, an HMAC of it keyed by SECRET, is sent on every
 * response as X-CSRF-Token and must come back on every unsafe /api request in that
 * header or a `_csrf` field. Another site can neither read the token nor forge it for
 * our cookie. It needs no session, so readers cause no database writes.
 */
export const csrfPlugin = fp(async (app: FastifyInstance) => {
  // New visitors' secrets come in batches, returning visitors' tokens from a cache (csrf-token-batch.ts).
  const { mint, tokenFor } = createCsrfTokens(app.config.secret);

  app.addHook('onRequest', (request, reply, done) => {
    let csrfSecret = request.cookies[CSRF_COOKIE];
    let expected: string;
    if (!csrfSecret || !/^[A-Za-z0-9_-]{32}$/.test(csrfSecret)) {
      let token: string;
      [csrfSecret, token] = mint();
      // Written past reply.setCookie (raw-set-cookie.ts): the secret needs no encoding.
      reply.header('set-cookie', yearLongCookie(CSRF_COOKIE, csrfSecret, request.protocol === 'https'));
      // A fresh secret means no token could have been sent for it: unsafe requests fail.
      expected = '';
      reply.header('X-CSRF-Token', token);
    } else {
      expected = tokenFor(csrfSecret);
      reply.header('X-CSRF-Token', expected);
    }
    (request as FastifyRequest & { [csrfTokenCache]?: string })[csrfTokenCache] = expected;
    done();
  });

  app.addHook('preHandler', (request, _reply, done) => {
    if (!UNSAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return done();
    done(hasValidCsrfToken(request) ? undefined : new ForbiddenError(CSRF_REFUSED));
  });
});

export const CSRF_REFUSED = 'Invalid or missing CSRF token';

/**
 * Whether the request sent back the token issued for its cookie (header or `_csrf`
 * field). The /api check above; the HTML form posts (modules/pages) ask it themselves,
 * after sending a visitor who cannot post anyway to the login page.
 */
export function hasValidCsrfToken(request: FastifyRequest): boolean {
  const expected = (request as FastifyRequest & { [csrfTokenCache]?: string })[csrfTokenCache] ?? '';
  const sent = sentToken(request);
  return Boolean(expected && sent && safeEqual(sent, expected));
}

function sentToken(request: FastifyRequest): string | undefined {
  const header = request.headers[CSRF_HEADER];
  if (typeof header === 'string' && header) return header;
  const body = request.body as Record<string, unknown> | null | undefined;
  const field = body && typeof body === 'object' ? body[CSRF_BODY_FIELD] : undefined;
  if (typeof field === 'string') return field;
  // A multipart field parsed with attachFieldsToBody arrives as { value }.
  if (field && typeof field === 'object' && typeof (field as { value?: unknown }).value === 'string') {
    return (field as { value: string }).value;
  }
  return undefined;
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
