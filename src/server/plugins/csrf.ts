import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_BODY_FIELD, CSRF_HEADER } from '../../shared/constants.js';
import { ForbiddenError } from '../lib/errors.js';

export const CSRF_COOKIE = 'hb_csrf';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const csrfTokenCache = Symbol('csrfToken');
const TOKEN_CACHE_SIZE = 50_000;
const MINT_BATCH = 256;
const COOKIE_ATTRIBUTES = `; Max-Age=${365 * 24 * 60 * 60}; Path=/; HttpOnly; SameSite=Lax`;
const COOKIE_ATTRIBUTES_SECURE = `${COOKIE_ATTRIBUTES}; Secure`;

/**
 * Signed double-submit CSRF protection (CONTRACT.md section 3). A random secret lives
 * in an HttpOnly cookie; the token, an HMAC of it keyed by SECRET, is sent on every
 * response as X-CSRF-Token and must come back on every unsafe /api request in that
 * header or a `_csrf` field. Another site can neither read the token nor forge it for
 * our cookie. It needs no session, so readers cause no database writes.
 */
export const csrfPlugin = fp(async (app: FastifyInstance) => {
  const { secret } = app.config;
  // A returning visitor's token is looked up, not recomputed: the HMAC was a visible
  // share of a cheap request. Bounded, and simply emptied when full.
  const sign = (csrfSecret: string) => createHmac('sha256', secret).update(`csrf:${csrfSecret}`).digest('base64url');
  const tokens = new Map<string, string>();
  const tokenFor = (csrfSecret: string) => {
    let token = tokens.get(csrfSecret);
    if (token === undefined) {
      token = sign(csrfSecret);
      if (tokens.size >= TOKEN_CACHE_SIZE) tokens.clear();
      tokens.set(csrfSecret, token);
    }
    return token;
  };

  // A new visitor's secret and token come from a batch made MINT_BATCH at a time: one
  // HMAC among a request's other work cost 6 µs in the bench, in a batch 2 (warm caches).
  let minted: [secret: string, token: string][] = [];
  const mint = () => {
    if (minted.length === 0) {
      minted = Array.from({ length: MINT_BATCH }, () => {
        // randomUUID draws from a cached entropy pool: randomBytes per secret was a
        // measurable share of a cookie-less visitor's cost. 122 random bits suffice here.
        const fresh = randomUUID().replaceAll('-', '');
        return [fresh, sign(fresh)];
      });
    }
    return minted.pop()!;
  };

  app.addHook('onRequest', (request, reply, done) => {
    let csrfSecret = request.cookies[CSRF_COOKIE];
    let expected: string;
    if (!csrfSecret || !/^[A-Za-z0-9_-]{32}$/.test(csrfSecret)) {
      let token: string;
      [csrfSecret, token] = mint();
      // Written directly (the secret needs no encoding): reply.setCookie's serializer and
      // its onSend hook were most of what a new visitor cost more than a returning one.
      // @fastify/cookie appends any cookie set later (a login's session) to this header.
      reply.header('set-cookie', `${CSRF_COOKIE}=${csrfSecret}${request.protocol === 'https' ? COOKIE_ATTRIBUTES_SECURE : COOKIE_ATTRIBUTES}`);
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
    const expected = (request as FastifyRequest & { [csrfTokenCache]?: string })[csrfTokenCache] ?? '';
    const sent = sentToken(request);
    done(!expected || !sent || !safeEqual(sent, expected) ? new ForbiddenError('Invalid or missing CSRF token') : undefined);
  });
});

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
