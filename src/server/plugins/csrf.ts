import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_BODY_FIELD, CSRF_HEADER } from '../../shared/constants.js';
import { createCsrfTokens, CSRF_SECRET_PATTERN, safeEqual } from '../lib/csrf-tokens.js';
import { requestOrigin } from '../lib/site-origin.js';
import { SESSION_COOKIE } from './session.js';

export const CSRF_COOKIE = 'hb_csrf';
const CSRF_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** The request's valid CSRF cookie, or '' when it sent none. */
const cookieSecretOf = Symbol('csrfCookieSecret');
/** The plugin's check, on the instance, for the write gate (plugins/gate.ts). */
const csrfCheck = Symbol('csrfCheck');
type CsrfRequest = FastifyRequest & { [cookieSecretOf]?: string };

/**
 * CSRF protection (CONTRACT.md section 3; decisions 002 and 011). Every response carries
 * X-CSRF-Token = `<nonce>.<HMAC(SECRET, nonce)>`; every unsafe request must send one
 * back (header or `_csrf` field) and come from our own origin. The check runs in the
 * write gate (plugins/gate.ts), on every POST, PUT, PATCH and DELETE route.
 *
 * - With the `hb_csrf` cookie, the nonce is the cookie's secret, and a sent token must be
 *   that one: another site can neither read it nor mint one for our cookie.
 * - Without it (a visitor who only reads), no cookie is set, so responses stay cacheable;
 *   the nonce is derived from the client's address and user agent. Such a request carries
 *   no ambient credentials (no session either), so any token of ours passes; its response
 *   sets the cookie to the token's nonce, so the token the client holds keeps matching.
 * - A browser request whose Origin is another origin, or whose Sec-Fetch-Site is not
 *   same-origin, is refused whatever its token: that alone stops login and register CSRF.
 */
export const csrfPlugin = fp(async (app: FastifyInstance) => {
  // Tokens looked up rather than signed on every response (csrf-tokens.ts).
  const { tokenFor, tokenForClient, nonceOf } = createCsrfTokens(app.config.secret);

  app.addHook('onRequest', (request, reply, done) => {
    const secret = request.cookies[CSRF_COOKIE];
    if (secret && CSRF_SECRET_PATTERN.test(secret)) {
      (request as CsrfRequest)[cookieSecretOf] = secret;
      reply.header('X-CSRF-Token', tokenFor(secret));
    } else {
      reply.header('X-CSRF-Token', tokenForClient(request.clientAddress, request.headers['user-agent']));
    }
    done();
  });

  /** The check of an unsafe request (its token, its origin); without a cookie, a passing one sets it. */
  function accepts(request: FastifyRequest, reply: FastifyReply): boolean {
    if (fromAnotherSite(request)) return false;
    const sent = sentToken(request);
    if (!sent) return false;
    const secret = (request as CsrfRequest)[cookieSecretOf];
    if (secret) {
      const expected = tokenFor(secret);
      // A bare mac is the token form of releases before 011, still held by open tabs.
      const matches = safeEqual(sent, expected) || safeEqual(sent, expected.slice(secret.length + 1));
      return matches;
    }
    // A session cookie without the CSRF cookie is an ambient credential: no token alone unlocks it.
    if (request.cookies[SESSION_COOKIE]) return false;
    const nonce = nonceOf(sent);
    if (!nonce) return false;
    setCsrfCookie(request, reply, nonce);
    reply.header('X-CSRF-Token', sent);
    return true;
  }
  app.decorate(csrfCheck, accepts);
});

export const CSRF_REFUSED = 'Invalid or missing CSRF token';

/**
 * Whether an unsafe request passes the CSRF check (its token, its origin); the write
 * gate (plugins/gate.ts) asks it of every write route. A passing request without the
 * cookie gets it.
 */
export function hasValidCsrfToken(request: FastifyRequest, reply: FastifyReply): boolean {
  return (request.server as FastifyInstance & { [csrfCheck]: (request: FastifyRequest, reply: FastifyReply) => boolean })[csrfCheck](request, reply);
}

function setCsrfCookie(request: FastifyRequest, reply: FastifyReply, nonce: string) {
  reply.setCookie(CSRF_COOKIE, nonce, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', maxAge: CSRF_COOKIE_MAX_AGE_S });
}

/**
 * Whether a browser says the request comes from another site: Sec-Fetch-Site other than
 * same-origin (or none, a user's own navigation), or an Origin that is not ours. Behind a
 * proxy, our origin is what TRUST_PROXY lets X-Forwarded-Proto and X-Forwarded-Host say
 * (lib/site-origin.ts); PUBLIC_URL is ours too.
 * Clients that send neither header (scripts, the tests' HTTP clients) pass on the token alone.
 *
 * `Origin: null` is refused, except with `Sec-Fetch-Site: same-origin`: under our
 * `Referrer-Policy: no-referrer` a browser sends `null` as the Origin of its own HTML
 * form posts (the fetch spec's origin serialization for a navigation), and a
 * Sec-Fetch-Site no page can set already says the post comes from our own pages.
 * A document of another site with an opaque origin gets `cross-site` there.
 */
function fromAnotherSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (origin === 'null' && site === 'same-origin') return false;
  const sent = normalizedOrigin(origin);
  // Ours: the one the request names (as TRUST_PROXY lets the proxy say it), or PUBLIC_URL.
  return sent !== normalizedOrigin(requestOrigin(request)) && sent !== request.server.config.publicUrl;
}

/** scheme://host[:port] in lower case, without the scheme's default port ('null' and garbage stay unequal to ours). */
function normalizedOrigin(origin: string): string {
  const value = origin.toLowerCase();
  if (value.startsWith('http://') && value.endsWith(':80')) return value.slice(0, -3);
  if (value.startsWith('https://') && value.endsWith(':443')) return value.slice(0, -4);
  return value;
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
