import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { BanNotice } from '../../shared/api.js';
import type { AuthorKey } from '../lib/author-key.js';
import { BannedError } from '../lib/errors.js';
import type { SuspensionFound } from '../modules/moderation/index.js';
import { bannedMessage } from './client-ip.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Throws 403 'You are banned: <reason>' (with the ban) while an author suspension
     * covers the holder of `key` (by default the signed-in user's author key; a visitor
     * has none). Writes nothing; sets the appeal cookie on the reply.
     */
    assertAuthorNotSuspended(reply: FastifyReply, key?: AuthorKey | null): Promise<void>;
    /**
     * The author suspension in force the caller may read and appeal: theirs by their
     * key when signed in, else the one the appeal cookie names (set when a sign-in was
     * refused for it, so a signed-out author can still appeal).
     */
    ownSuspension(): Promise<SuspensionFound | undefined>;
  }
}

/** Names the suspension a refused author may appeal (`<id>.<mac>`): no account, no tag. */
export const SUSPENSION_COOKIE = 'hb_suspension';
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const checked = Symbol('authorSuspension');

/**
 * The author suspension check (CONTRACT.md section 13, docs/decisions/016): the
 * signed-in author's tags, from their own key, against the suspensions in force kept in
 * memory (modules/moderation/suspension-list.ts). The gate runs it with the ban check on
 * every write whose gate has `ban: true`, and login runs it once the password has opened
 * the key, before anything is written. A refusal writes nothing on the account's side:
 * no row, no session change; only the reply carries the appeal cookie.
 */
export const authorSuspensionPlugin = fp(async (app: FastifyInstance) => {
  const { suspensions } = app.services;
  const macKey = Buffer.from(hkdfSync('sha256', app.config.secret, Buffer.alloc(0), 'hushboard suspension appeal', 32));
  const macOf = (id: number) => createHmac('sha256', macKey).update(`suspension:${id}`).digest('base64url').slice(0, 32);

  function cookieId(request: FastifyRequest): number | undefined {
    const value = request.cookies[SUSPENSION_COOKIE];
    const [idText, mac, extra] = value?.split('.') ?? [];
    if (!idText || !mac || extra !== undefined || !/^[1-9][0-9]{0,9}$/.test(idText)) return undefined;
    const id = Number(idText);
    const expected = Buffer.from(macOf(id));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
  }

  // Once per request and key: the gate and a route asking again cost one check.
  const coveringOnce = (request: FastifyRequest & { [checked]?: { key: AuthorKey; found: Promise<SuspensionFound | undefined> } }, key: AuthorKey) => {
    if (request[checked]?.key !== key) request[checked] = { key, found: suspensions.covering(key) };
    return request[checked].found;
  };

  app.decorateRequest('assertAuthorNotSuspended', async function (this: FastifyRequest, reply: FastifyReply, key: AuthorKey | null = this.authorKey) {
    if (!key) return;
    const found = await coveringOnce(this, key);
    if (!found) return;
    const lasts = found.expiresAt ? Math.ceil((found.expiresAt.getTime() - Date.now()) / 1000) : COOKIE_MAX_AGE_S;
    reply.setCookie(SUSPENSION_COOKIE, `${found.id}.${macOf(found.id)}`, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.protocol === 'https',
      maxAge: Math.max(1, Math.min(lasts, COOKIE_MAX_AGE_S)),
    });
    const notice: BanNotice = { reason: found.reason, expiresAt: found.expiresAt?.toISOString() ?? null, appealable: !found.appealed };
    throw new BannedError(bannedMessage(found.reason), notice);
  });

  app.decorateRequest('ownSuspension', async function (this: FastifyRequest) {
    if (this.authorKey) {
      const found = await coveringOnce(this, this.authorKey);
      if (found) return found;
    }
    const id = cookieId(this);
    return id === undefined ? undefined : suspensions.inForceById(id);
  });
});
