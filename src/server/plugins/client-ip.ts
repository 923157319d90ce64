import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { BanNotice } from '../../shared/api.js';
import { banAppeals, bannedIps, ipHashPrefixes } from '../db/schema.js';
import { canonicalAddress, type CanonicalAddress } from '../lib/client-address.js';
import { BannedError } from '../lib/errors.js';
import { createIpHasher, type IpHashes } from '../lib/ip-prefix.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The client's address in its one spelling (lib/client-address.ts), from request.ip
     * (which honours TRUST_PROXY). Everything that keys on the client uses this, never request.ip.
     */
    readonly clientAddress: CanonicalAddress;
    /** HMAC-SHA256 of the client IP keyed by SECRET; the raw IP is never stored. */
    readonly ipHash: string;
    /** ipHash and the keyed hashes of the address's /24 and /16 (IPv6 /64 and /48), for range bans. */
    readonly ipHashes: IpHashes;
    /** Throws 403 'You are banned: <reason>' (with the ban) while a ban in force covers the client. */
    assertNotBanned(): Promise<void>;
  }
}

const hashesCache = Symbol('ipHashes');
const addressCache = Symbol('clientAddress');

/** The ipHash of an address however it is spelled (what a request from it is given). */
export function hashIp(secret: string, ip: string): string {
  return createIpHasher(secret).hashIp(canonicalAddress(ip));
}

/** How long this instance trusts that it has recorded an ipHash's prefixes (their row's lastSeenAt). */
const RECORDED_FOR_MS = 60 * 60 * 1000;
const RECORDED_MAX = 10_000;

export const bannedMessage = (reason: string | null) => (reason ? `You are banned: ${reason}` : 'You are banned');

/**
 * Client IP (Fastify honours TRUST_PROXY for request.ip) made canonical, its hashes
 * computed once per request and only when asked for, and the ban check (CONTRACT.md sections 6 and 11).
 */
export const clientIpPlugin = fp(async (app: FastifyInstance) => {
  const hasher = createIpHasher(app.config.secret);
  app.decorateRequest('clientAddress', {
    getter(this: FastifyRequest & { [addressCache]?: CanonicalAddress }) {
      return (this[addressCache] ??= canonicalAddress(this.ip));
    },
  });
  app.decorateRequest('ipHashes', {
    getter(this: FastifyRequest & { [hashesCache]?: IpHashes }) {
      return (this[hashesCache] ??= hasher.hashesOf(this.clientAddress));
    },
  });
  app.decorateRequest('ipHash', {
    getter(this: FastifyRequest) {
      return this.ipHashes.ip;
    },
  });

  // Prepared once: a guarded write runs it when the ban list cannot answer alone. A ban
  // row matches on its range hash, or on its ipHash when it bans one address (the
  // banned_ips_match_idx expression); the client's three hashes are domain-separated, so each can only meet its own kind.
  const findBan = app.db
    .select({
      reason: bannedIps.reason,
      expiresAt: bannedIps.expiresAt,
      // Appealed by this client: each person behind a range ban has an appeal of their own.
      // The ban's id is named in full: drizzle writes a one-table select's columns bare,
      // and a bare "id" in the subquery would be the appeal's own.
      appealed: sql<boolean>`exists (select 1 from ${banAppeals} where ${banAppeals.banId} = ${bannedIps}.${sql.identifier('id')} and ${banAppeals.ipHash} = ${sql.placeholder('ipHash')})`,
    })
    .from(bannedIps)
    .where(
      sql`coalesce(${bannedIps.rangeHash}, ${bannedIps.ipHash}) = any(${sql.placeholder('hashes')}::varchar[])
        and (${bannedIps.expiresAt} is null or ${bannedIps.expiresAt} > now())`,
    )
    // The ban that lasts longest is the one to show (and to appeal).
    .orderBy(sql`${bannedIps.expiresAt} desc nulls first`, sql`${bannedIps.id} desc`)
    .limit(1)
    .prepare('ban_by_ip_hashes');

  // The prefixes of every hash a guarded write may store (threads, posts, votes, the
  // activity of those): what an admin picks a hash from. Once an hour per hash and instance.
  const recordPrefixes = app.db
    .insert(ipHashPrefixes)
    .values({
      ipHash: sql.placeholder('ipHash'),
      subnetHash: sql.placeholder('subnetHash'),
      wideHash: sql.placeholder('wideHash'),
    })
    .onConflictDoUpdate({ target: ipHashPrefixes.ipHash, set: { lastSeenAt: sql`now()` } })
    .prepare('record_ip_hash_prefixes');
  const recorded = new Map<string, number>();
  async function rememberPrefixes(request: FastifyRequest, hashes: IpHashes): Promise<void> {
    const at = recorded.get(hashes.ip);
    if (at !== undefined && Date.now() - at < RECORDED_FOR_MS) return;
    try {
      await recordPrefixes.execute({ ipHash: hashes.ip, subnetHash: hashes.subnet, wideHash: hashes.wide });
      recorded.delete(hashes.ip);
      if (recorded.size >= RECORDED_MAX) recorded.delete(recorded.keys().next().value!);
      recorded.set(hashes.ip, Date.now());
    } catch (error) {
      // A missed record only narrows what a later range ban can see; the write goes on.
      request.log.warn({ err: error }, 'could not record the ip prefixes');
    }
  }

  // The bans in force are kept in memory (modules/moderation/ban-list.ts): the query runs
  // only when one of them matches (for its details), or when that list cannot be trusted.
  const { banList } = app.services;
  async function banOf(hashes: IpHashes) {
    const keys = [hashes.ip, hashes.subnet, hashes.wide];
    if (!banList.mayCover(keys)) return undefined;
    const [ban] = await findBan.execute({ hashes: keys, ipHash: hashes.ip });
    return ban;
  }

  app.decorateRequest('assertNotBanned', async function (this: FastifyRequest) {
    const hashes = this.ipHashes;
    const [ban] = await Promise.all([banOf(hashes), rememberPrefixes(this, hashes)]);
    if (ban) {
      const notice: BanNotice = { reason: ban.reason, expiresAt: ban.expiresAt?.toISOString() ?? null, appealable: !ban.appealed };
      throw new BannedError(bannedMessage(ban.reason), notice);
    }
  });
});
