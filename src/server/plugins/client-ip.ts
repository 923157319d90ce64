import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { BanNotice } from '../../shared/api.js';
import { banAppeals, bannedIps, ipHashPrefixes } from '../db/schema.js';
import { canonicalAddress, partsOf, type CanonicalAddress } from '../lib/client-address.js';
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
    /**
     * What the limits count a client by (rate limits, open event streams, the proof of
     * work's caller count): ipHash for an IPv4 address, the keyed hash of its /64 for an
     * IPv6 one. One IPv6 host or household is routinely given a whole /64, so counting by
     * address would give it 2^64 fresh counters.
     */
    readonly limitKey: string;
    /**
     * The IP hash a thread or post keeps, with its prefixes recorded for range bans:
     * anonymous writing's under a key of its own (CONTRACT.md section 13), so no IP hash
     * of anonymous writing equals one beside anything named (named writing, rate limits,
     * appeals). Each family's prefixes are recorded only with that family's writing.
     */
    contentIpHash(isAnonymous: boolean): Promise<string>;
    /** Every hash a ban may cover the client by: both families' address and range hashes. */
    readonly banKeys: string[];
    /** Throws 403 'You are banned: <reason>' (with the ban) while a ban in force covers the client. */
    assertNotBanned(): Promise<void>;
  }
}

const hashesCache = Symbol('ipHashes');
const anonymousHashesCache = Symbol('anonymousIpHashes');

/** The key of anonymous writing's IP hashes: SECRET under a label of its own. */
export const anonymousIpSecret = (secret: string) => createHmac('sha256', secret).update('hushboard anonymous-content ip-hash v1').digest('hex');
const addressCache = Symbol('clientAddress');

/** The ipHash of an address however it is spelled (what a request from it is given). */
export function hashIp(secret: string, ip: string): string {
  return createIpHasher(secret).hashIp(canonicalAddress(ip));
}

/**
 * The key the limits count a client by: its ipHash for IPv4 (and the one shared
 * unparsable client), the hash of its /64 for IPv6 (`request.limitKey`).
 */
export function limitKeyOf(address: CanonicalAddress, hashes: IpHashes): string {
  const parts = partsOf(address);
  return parts && 'v6' in parts ? hashes.subnet : hashes.ip;
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
  const anonymousHasher = createIpHasher(anonymousIpSecret(app.config.secret));
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
  app.decorateRequest('limitKey', {
    getter(this: FastifyRequest) {
      return limitKeyOf(this.clientAddress, this.ipHashes);
    },
  });
  const anonymousHashesOf = (request: FastifyRequest & { [anonymousHashesCache]?: IpHashes }) =>
    (request[anonymousHashesCache] ??= anonymousHasher.hashesOf(request.clientAddress));

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

  // The prefixes of every hash a thread or post stores: what an admin picks a range
  // from. Once an hour per hash and instance.
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
  // A ban made from anonymous writing holds its family's hash: both families are checked.
  async function banOf(hashes: IpHashes, keys: string[]) {
    if (!banList.mayCover(keys)) return undefined;
    const [ban] = await findBan.execute({ hashes: keys, ipHash: hashes.ip });
    return ban;
  }

  app.decorateRequest('banKeys', {
    getter(this: FastifyRequest) {
      const named = this.ipHashes;
      const anonymous = anonymousHashesOf(this);
      return [named.ip, named.subnet, named.wide, anonymous.ip, anonymous.subnet, anonymous.wide];
    },
  });

  app.decorateRequest('contentIpHash', async function (this: FastifyRequest, isAnonymous: boolean) {
    const hashes = isAnonymous ? anonymousHashesOf(this) : this.ipHashes;
    await rememberPrefixes(this, hashes);
    return hashes.ip;
  });

  app.decorateRequest('assertNotBanned', async function (this: FastifyRequest) {
    const hashes = this.ipHashes;
    // Nothing is recorded here: a prefix row touched at the instant of an anonymous write
    // would sit beside it in time under the other family's hash.
    const ban = await banOf(hashes, this.banKeys);
    if (ban) {
      const notice: BanNotice = { reason: ban.reason, expiresAt: ban.expiresAt?.toISOString() ?? null, appealable: !ban.appealed };
      throw new BannedError(bannedMessage(ban.reason), notice);
    }
  });
});
