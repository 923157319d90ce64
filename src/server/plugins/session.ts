import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_TTL_MS } from '../../shared/constants.js';
import { sessions, users } from '../db/schema.js';
import { type AuthorKey, openForSession, sealForSession, unescrow } from '../lib/author-key.js';
import { browserWords } from '../lib/browser-words.js';
import { ForbiddenError, UnauthorizedError, UnlockRequiredError } from '../lib/errors.js';
import { SESSION_ENDED } from '../lib/messages.js';
import { endSessions } from '../modules/events/index.js';

export type SessionUser = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null; loaded once per /api request from the session cookie. */
    user: SessionUser | null;
    /**
     * The signed-in user's author key (lib/author-key.ts), opened from the session with
     * the cookie's token; null for visitors. Never logged, never sent.
     */
    authorKey: AuthorKey | null;
    /**
     * The session was opened by a passkey that could not unlock the author key (no PRF):
     * `authorKey` is null until the password unlocks it (POST /api/webauthn/unlock).
     */
    authorKeyLocked: boolean;
    /** The cookie named a session whose author key no longer opens: it was ended. */
    sessionEnded: boolean;
    /** The id of the session `user` came from (the sessions row's: a hash, never the cookie's token), or null. */
    sessionId: string | null;
    /** The signed-in user, else 401. */
    requireUser(): SessionUser;
    /** The signed-in admin: 401 for visitors, 403 for other users. */
    requireAdmin(): SessionUser;
    /** The signed-in user's author key, else 401; a locked session (`authorKeyLocked`) 403 with `unlockRequired`. */
    requireAuthorKey(): AuthorKey;
    /** Loads `user` on a request outside /api (a server-rendered page, an HTML form post); once. */
    loadUser(reply: FastifyReply): Promise<SessionUser | null>;
  }
  interface FastifyReply {
    /**
     * Starts a fresh session for the user (a new id, so none can be fixed in advance),
     * holding their author key sealed under the new cookie's token; null starts it locked
     * (a passkey without PRF signed in: `authorKeyLocked`).
     */
    startSession(userId: number, authorKey: AuthorKey | null): Promise<void>;
    /** Seals the author key into the current, locked session: the password opened it. */
    unlockSession(authorKey: AuthorKey): Promise<void>;
    /** Ends the current session in the database (and its event streams, on every instance) and clears the cookie. */
    endSession(): Promise<void>;
  }
}

export const SESSION_COOKIE = 'hb_session';
/**
 * What a locked session's row holds instead of a sealed key: not a sealed form (those
 * start with `v1.`), so it opens nothing, and it is the same for every locked session.
 */
const KEY_LOCKED = 'locked';
const loaded = Symbol('sessionLoaded');

/**
 * Whether the request is for an /api route: the route the router matched, however the
 * path was spelt (`/%61pi/user` is /api/user); a path no route matched, by its text.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  return (request.routeOptions.url ?? request.url).startsWith('/api/');
}

const HOUR_MS = 60 * 60 * 1000;
/** Sessions whose opened author key an instance keeps in memory; emptied when full. */
const OPENED_KEPT = 10_000;
const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';

/** The cookie carries a random token; the table keeps only its hash. */
const sessionIdOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Sessions stored in PostgreSQL (several instances share them). A visitor without a
 * session cookie costs no query and no row: rows exist only for signed-in users.
 */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  const { db } = app;
  const { secret } = app.config;

  app.decorateRequest('user', null);
  app.decorateRequest('authorKey', null);
  app.decorateRequest('authorKeyLocked', false);
  app.decorateRequest('sessionEnded', false);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('requireUser', function (this: FastifyRequest) {
    if (!this.user) throw new UnauthorizedError(this.sessionEnded ? SESSION_ENDED : undefined);
    return this.user;
  });
  app.decorateRequest('requireAuthorKey', function (this: FastifyRequest) {
    this.requireUser();
    if (!this.authorKey && this.authorKeyLocked) throw new UnlockRequiredError();
    if (!this.authorKey) throw new UnauthorizedError(SESSION_ENDED);
    return this.authorKey;
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
    .select({ user: users, expiresAt: sessions.expiresAt, authorKeySealed: sessions.authorKeySealed })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('session_user');

  // Every signed-in request opens its key (an HKDF and an AES-GCM): what it opened is kept
  // in this process's memory by session id, and reused while the row holds the same sealed
  // form (an altered row is opened again, and refused).
  const opened = new Map<string, { sealed: string; key: AuthorKey }>();
  const openSealed = (id: string, sealed: string, token: string): AuthorKey | null => {
    const kept = opened.get(id);
    if (kept?.sealed === sealed) return kept.key;
    const key = openForSession(sealed, token);
    if (key) {
      if (opened.size >= OPENED_KEPT) opened.clear();
      opened.set(id, { sealed, key });
    }
    return key;
  };

  const loadSession = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
    const id = sessionIdOf(token);
    const [row] = await findSession.execute({ id });
    if (!row || !row.user.isActive) return;
    if (row.authorKeySealed === KEY_LOCKED) {
      request.sessionId = id;
      request.user = row.user;
      request.authorKeyLocked = true;
      return slide(request, reply, token, id, row.expiresAt);
    }
    // A session from before sealed authorship holds no key: its account's escrow, while
    // it lasts, opens it. Neither (the escrow went at a sign-in elsewhere, or the sealed
    // form does not open) ends the session: signed out, told why, never a 500.
    const authorKey =
      row.authorKeySealed !== null
        ? openSealed(id, row.authorKeySealed, token)
        : row.user.authorKeyEscrow !== null
          ? unescrow(row.user.authorKeyEscrow, secret)
          : null;
    if (!authorKey) {
      await endSessions(db, eq(sessions.id, id));
      request.sessionEnded = true;
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
      return;
    }
    request.sessionId = id;
    request.user = row.user;
    request.authorKey = authorKey;
    await slide(request, reply, token, id, row.expiresAt);
  };
  const slide = async (request: FastifyRequest, reply: FastifyReply, token: string, id: string, expiresAt: Date) => {
    // Sliding expiry, written at most about once a day per session rather than per request;
    // the cookie slides with the row then (only then: no Set-Cookie on every signed-in read).
    // Only on a read, and to the hour: a session row (it names its account) written at
    // the instant of an anonymous reply would tell whose it is (CONTRACT.md section 13).
    if (isRead(request) && expiresAt.getTime() - Date.now() < SESSION_TTL_MS - 24 * 60 * 60 * 1000) {
      await db
        .update(sessions)
        .set({ expiresAt: new Date(Math.ceil((Date.now() + SESSION_TTL_MS) / HOUR_MS) * HOUR_MS) })
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

  app.decorateReply('startSession', async function (this: FastifyReply, userId: number, authorKey: AuthorKey | null) {
    const previous = this.request.cookies[SESSION_COOKIE];
    const token = randomBytes(32).toString('base64url');
    await db.transaction(async (tx) => {
      // The browser's previous session ends, with its streams: a login never inherits one.
      if (previous) await endSessions(tx, eq(sessions.id, sessionIdOf(previous)));
      await tx
        .insert(sessions)
        .values({
          id: sessionIdOf(token),
          userId,
          expiresAt: new Date(Date.now() + SESSION_TTL_MS),
          authorKeySealed: authorKey ? sealForSession(authorKey, token) : KEY_LOCKED,
          // Words for the sessions list ("Firefox on Windows"), never the header itself.
          browser: browserWords(this.request.headers['user-agent']),
        });
    });
    this.request.authorKey = authorKey;
    this.request.authorKeyLocked = authorKey === null;
    this.setCookie(SESSION_COOKIE, token, { ...cookieOptions(this.request), maxAge: SESSION_TTL_MS / 1000 });
  });

  app.decorateReply('unlockSession', async function (this: FastifyReply, authorKey: AuthorKey) {
    const token = this.request.cookies[SESSION_COOKIE];
    if (!token || !this.request.authorKeyLocked) throw new UnauthorizedError(SESSION_ENDED);
    // Only a locked row: a session whose key is open keeps the one it has.
    await db
      .update(sessions)
      .set({ authorKeySealed: sealForSession(authorKey, token) })
      .where(and(eq(sessions.id, sessionIdOf(token)), eq(sessions.authorKeySealed, KEY_LOCKED)));
    this.request.authorKey = authorKey;
    this.request.authorKeyLocked = false;
  });

  app.decorateReply('endSession', async function (this: FastifyReply) {
    const token = this.request.cookies[SESSION_COOKIE];
    if (token) await endSessions(db, eq(sessions.id, sessionIdOf(token)));
    this.request.user = null;
    this.request.authorKey = null;
    this.request.authorKeyLocked = false;
    this.request.sessionId = null;
    this.clearCookie(SESSION_COOKIE, cookieOptions(this.request));
  });
});

/** Removes expired rows, ending streams still open with them; run from a periodic job. */
export async function deleteExpiredSessions(db: FastifyInstance['db']): Promise<number> {
  return endSessions(db, sql`${sessions.expiresAt} <= now()`);
}
