import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_TTL_MS } from '../../shared/constants.js';
import { sessions, users } from '../db/schema.js';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.js';

export type SessionUser = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null; loaded once per /api request from the session cookie. */
    user: SessionUser | null;
    /** The signed-in user, else 401. */
    requireUser(): SessionUser;
    /** The signed-in admin: 401 for visitors, 403 for other users. */
    requireAdmin(): SessionUser;
    /** Loads `user` on a request outside /api (a server-rendered page, an HTML form post); once. */
    loadUser(reply: FastifyReply): Promise<SessionUser | null>;
  }
  interface FastifyReply {
    /** Starts a fresh session for the user (a new id, so none can be fixed in advance). */
    startSession(userId: number): Promise<void>;
    /** Ends the current session in the database and clears the cookie. */
    endSession(): Promise<void>;
  }
}

export const SESSION_COOKIE = 'hb_session';
const sessionIdCache = Symbol('sessionId');
const loaded = Symbol('sessionLoaded');

/**
 * Whether the request is for an /api route: the route the router matched, however the
 * path was spelt (`/%61pi/user` is /api/user); a path no route matched, by its text.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  return (request.routeOptions.url ?? request.url).startsWith('/api/');
}

/** The cookie carries a random token; the table keeps only its hash. */
const sessionIdOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Sessions stored in PostgreSQL (several instances share them). A visitor without a
 * session cookie costs no query and no row: rows exist only for signed-in users.
 */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  const { db } = app;

  app.decorateRequest('user', null);
  app.decorateRequest('requireUser', function (this: FastifyRequest) {
    if (!this.user) throw new UnauthorizedError();
    return this.user;
  });
  app.decorateRequest('requireAdmin', function (this: FastifyRequest) {
    const user = this.requireUser();
    if (!user.isAdmin) throw new ForbiddenError('Admin access required');
    return user;
  });

  // Prepared once: every signed-in request runs it.
  const cookieOptions = (request: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
  });

  const findSession = db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('session_user');

  const loadSession = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
    const id = sessionIdOf(token);
    const [row] = await findSession.execute({ id });
    if (!row || !row.user.isActive) return;
    (request as FastifyRequest & { [sessionIdCache]?: string })[sessionIdCache] = id;
    request.user = row.user;
    // Sliding expiry, written at most about once a day per session rather than per request;
    // the cookie slides with the row then (only then: no Set-Cookie on every signed-in read).
    if (row.expiresAt.getTime() - Date.now() < SESSION_TTL_MS - 24 * 60 * 60 * 1000) {
      await db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() + SESSION_TTL_MS) })
        .where(eq(sessions.id, id));
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), maxAge: SESSION_TTL_MS / 1000 });
    }
  };
  app.decorateRequest('loadUser', async function (this: FastifyRequest & { [loaded]?: boolean }, reply: FastifyReply) {
    const token = this.cookies[SESSION_COOKIE];
    if (token && !this[loaded]) {
      this[loaded] = true;
      await loadSession(this, reply, token);
    }
    return this.user;
  });
  // A callback hook, so a visitor without a session cookie costs no promise: an async
  // hook was a visible share of a cheap request (bench: trivial route). An /api route is
  // the route the router matched (`/%61pi/user` is /api/user), never the URL's text.
  app.addHook('onRequest', (request: FastifyRequest & { [loaded]?: boolean }, reply, done) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !isApiRoute(request)) return done();
    request[loaded] = true;
    loadSession(request, reply, token).then(() => done(), done);
  });

  app.decorateReply('startSession', async function (this: FastifyReply, userId: number) {
    const previous = this.request.cookies[SESSION_COOKIE];
    const token = randomBytes(32).toString('base64url');
    await db.transaction(async (tx) => {
      if (previous) await tx.delete(sessions).where(eq(sessions.id, sessionIdOf(previous)));
      await tx.insert(sessions).values({ id: sessionIdOf(token), userId, expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
    });
    this.setCookie(SESSION_COOKIE, token, { ...cookieOptions(this.request), maxAge: SESSION_TTL_MS / 1000 });
  });

  app.decorateReply('endSession', async function (this: FastifyReply) {
    const token = this.request.cookies[SESSION_COOKIE];
    if (token) await db.delete(sessions).where(eq(sessions.id, sessionIdOf(token)));
    this.request.user = null;
    this.clearCookie(SESSION_COOKIE, cookieOptions(this.request));
  });
});

/** Removes expired rows; run from a periodic job. */
export async function deleteExpiredSessions(db: FastifyInstance['db']): Promise<number> {
  const result = await db.delete(sessions).where(sql`${sessions.expiresAt} <= now()`);
  return result.rowCount ?? 0;
}
