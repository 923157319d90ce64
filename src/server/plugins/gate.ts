import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { RATE_LIMITS, type PowAction } from '../../shared/constants.js';
import { ForbiddenError, UnlockRequiredError } from '../lib/errors.js';
import { CSRF_REFUSED, hasValidCsrfToken } from './csrf.js';

/**
 * What a state-changing route asks of a request before its handler runs. CSRF and the
 * Origin / Sec-Fetch-Site check are not options: every gated request passes them.
 */
export interface Gate {
  /**
   * Refused while a ban covers the caller's address (CONTRACT.md section 6: registering,
   * logging in, posting, voting, tipping, reporting), or an author suspension covers the
   * signed-in caller (section 13: plugins/author-suspension.ts). Required, so each write route says
   * whether a banned caller may make it (an appeal, a logout, an admin's work may).
   */
  ban: boolean;
  /** Only for a signed-in user: checked first (a visitor can change nothing; a form sends them to log in). */
  user?: boolean;
  /** One of the named limits of shared/constants.ts, counted per route and IP hash (plugins/rate-limit.ts). */
  rateLimit?: keyof typeof RATE_LIMITS;
  /** Checks run before proof of work is asked for, so bad input is a 400 that costs no work (it throws). */
  input?: (request: FastifyRequest) => unknown;
  /** The proof-of-work action this route counts as (CONTRACT.md section 11): 428 until solved. */
  pow?: PowAction;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The write gate of this route (plugins/gate.ts); every POST, PUT, PATCH and DELETE route declares one. */
    gate?: Gate;
  }
}

/** Route options declaring a write route's gate: `app.post(url, gated({ ban: true, pow: 'reply' }), handler)`. */
export function gated(gate: Gate): { config: { gate: Gate } } {
  return { config: { gate } };
}

export const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]).map((method) => method.toUpperCase());

/**
 * The one gate of every state-changing request (issue 28). Every POST, PUT, PATCH and
 * DELETE route must declare its `gate` (route option `gated(...)`); a route that does
 * not makes the app fail to start. The gate is attached to the route itself, so it runs
 * on the route the router matched, whatever the request target's spelling (`/%61pi/...`,
 * `http://host/api/...`), for the JSON API and the HTML form posts alike.
 *
 * In order, each refusal a thrown typed error, so nothing after it runs:
 *   rate limit (onRequest, @fastify/rate-limit: 429 with Retry-After)
 *   -> signed in (401) -> CSRF token and origin (403) -> ban, then author suspension (403 with the ban)
 *   -> input (400) -> proof of work (428 with the challenge).
 * A route with its own answer for a refusal (the HTML forms show the form again) sets an
 * error handler on its scope; it cannot go on with the request.
 *
 * Registered before plugins/rate-limit.ts, whose onRoute hook reads the limit this one writes.
 */
export const gatePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    const unsafe = methodsOf(route).some((method) => UNSAFE_METHODS.has(method));
    const gate = route.config?.gate;
    if (!unsafe) {
      if (gate) throw new Error(`${route.method} ${route.url} declares a write gate but changes nothing`);
      return;
    }
    if (!gate || typeof gate.ban !== 'boolean') {
      throw new Error(`${String(route.method)} ${route.url} changes state but declares no gate: add gated({ ban, ... }) (plugins/gate.ts)`);
    }
    if (gate.rateLimit) {
      const { max, timeWindowMs } = RATE_LIMITS[gate.rateLimit];
      // One count per named limit, whatever route spends it: the API and the HTML form of a
      // login are one budget (plugins/rate-limit-store.ts keys the counters by `bucket`).
      route.config = { ...route.config, rateLimit: { max, timeWindow: timeWindowMs, bucket: gate.rateLimit } } as typeof route.config;
    }
    const check = (request: FastifyRequest, reply: FastifyReply) => admit(request, reply, gate);
    const own = route.preHandler;
    // First of the route's own hooks; the app's (multipart's body, text-input's rule) ran before.
    route.preHandler = own === undefined ? [check] : [check, ...(Array.isArray(own) ? own : [own])];
  });
});

async function admit(request: FastifyRequest, reply: FastifyReply, gate: Gate): Promise<void> {
  if (gate.user) {
    // Outside /api (the forms) the session is loaded on demand; requireUser's 401 either way.
    await request.loadUser(reply);
    request.requireUser();
  }
  if (!hasValidCsrfToken(request, reply)) throw new ForbiddenError(CSRF_REFUSED);
  if (gate.ban) {
    await request.assertNotBanned();
    // A session a passkey opened without the author key (no PRF) cannot be checked against
    // author suspensions: its first such write asks for the password (UnlockRequiredError).
    if (gate.user && request.authorKeyLocked) throw new UnlockRequiredError();
    // A signed-in author whose anonymous writing got its author suspended (CONTRACT.md section 13).
    await request.assertAuthorNotSuspended(reply);
  }
  if (gate.input) gate.input(request);
  if (gate.pow) await request.server.powGate.check(request, gate.pow);
}
