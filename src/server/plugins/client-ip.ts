import { createHmac } from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { bannedIps } from '../db/schema.js';
import { ForbiddenError } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** HMAC-SHA256 of the client IP keyed by SECRET; the raw IP is never stored. */
    readonly ipHash: string;
    /** Throws 403 'You are banned: <reason>' while the client's IP hash has an unexpired ban. */
    assertNotBanned(): Promise<void>;
  }
}

const ipHashCache = Symbol('ipHash');

export function hashIp(secret: string, ip: string): string {
  return createHmac('sha256', secret).update(ip).digest('hex');
}

/**
 * Client IP (Fastify honours TRUST_PROXY for request.ip), its hash computed once per
 * request and only when asked for, and the ban check (CONTRACT.md section 6).
 */
export const clientIpPlugin = fp(async (app: FastifyInstance) => {
  const { secret } = app.config;
  app.decorateRequest('ipHash', {
    getter(this: FastifyRequest & { [ipHashCache]?: string }) {
      return (this[ipHashCache] ??= hashIp(secret, this.ip));
    },
  });
  // Prepared once: every write runs it.
  const findBan = app.db
    .select({ reason: bannedIps.reason })
    .from(bannedIps)
    .where(and(eq(bannedIps.ipHash, sql.placeholder('ipHash')), or(isNull(bannedIps.expiresAt), gt(bannedIps.expiresAt, sql`now()`))))
    .limit(1)
    .prepare('ban_by_ip_hash');
  app.decorateRequest('assertNotBanned', async function (this: FastifyRequest) {
    const [ban] = await findBan.execute({ ipHash: this.ipHash });
    if (ban) throw new ForbiddenError(ban.reason ? `You are banned: ${ban.reason}` : 'You are banned');
  });
});
