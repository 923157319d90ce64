/**
 * SPEED TRICK, fenced: CSRF tokens looked up instead of signed again on every response
 * (decisions 002 and 011).
 *
 * Why, and what it measured (git log: da686df, 1a663c1): one HMAC amid a request's work
 * cost ~6 µs, a visible share of a cheap request (the health check). Every response
 * carries a token, so a returning visitor's (by their cookie) and a cookie-less
 * client's (by their address and user agent) are kept in bounded maps.
 *
 * What it depends on: no npm package; node:crypto's public createHmac. Nothing here
 * reaches into internals; csrf-tokens.test.ts checks that every token handed out is the
 * one the check accepts, so a cached token can never fail to verify.
 *
 * When it stops paying (e.g. Node makes a lone HMAC cheap): drop the maps and sign on
 * every call; the tokens are the same either way.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a CSRF cookie holds: 32 url-safe characters (192 bits from an HMAC, or 122 random bits from older releases). */
export const CSRF_SECRET_PATTERN = /^[A-Za-z0-9_-]{32}$/;
const SECRET_LENGTH = 32;
const TOKEN_CACHE_SIZE = 50_000;

export interface CsrfTokens {
  /** The token of a CSRF cookie's secret: `<secret>.<mac>`. */
  tokenFor(secret: string): string;
  /**
   * The token of a client without the cookie: the same for every request from one
   * address and browser, so responses to requests in flight together agree, and the
   * cookie its first unsafe request gets (its nonce) matches the token it holds.
   * `address` is the canonical one (request.clientAddress), so a spelling is no new client.
   */
  tokenForClient(address: string, userAgent: string | undefined): string;
  /** The nonce of a well-formed token whose mac is ours, else undefined. Not cached: it runs on unsafe requests only. */
  nonceOf(token: string): string | undefined;
}

/** The mac of a CSRF secret (or nonce): an HMAC of it keyed by the server's secret. */
export function signCsrfSecret(serverSecret: string, csrfSecret: string): string {
  return createHmac('sha256', serverSecret).update(`csrf:${csrfSecret}`).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function createCsrfTokens(serverSecret: string): CsrfTokens {
  const sign = (secret: string) => `${secret}.${signCsrfSecret(serverSecret, secret)}`;
  // Bounded, and simply emptied when full.
  const bySecret = new Map<string, string>();
  const byClient = new Map<string, string>();
  const remember = (map: Map<string, string>, key: string, token: string) => {
    if (map.size >= TOKEN_CACHE_SIZE) map.clear();
    map.set(key, token);
    return token;
  };
  return {
    tokenFor(secret) {
      return bySecret.get(secret) ?? remember(bySecret, secret, sign(secret));
    },
    tokenForClient(address, userAgent) {
      const client = `${address}\n${userAgent ?? ''}`;
      const known = byClient.get(client);
      if (known !== undefined) return known;
      // A different HMAC input from the IP hash's (client-ip.ts), so the nonce never equals a stored ipHash.
      const nonce = createHmac('sha256', serverSecret).update(`csrf-client:${client}`).digest('base64url').slice(0, SECRET_LENGTH);
      return remember(byClient, client, sign(nonce));
    },
    nonceOf(token) {
      if (token.length <= SECRET_LENGTH || token[SECRET_LENGTH] !== '.') return undefined;
      const nonce = token.slice(0, SECRET_LENGTH);
      if (!CSRF_SECRET_PATTERN.test(nonce)) return undefined;
      return safeEqual(token, sign(nonce)) ? nonce : undefined;
    },
  };
}
