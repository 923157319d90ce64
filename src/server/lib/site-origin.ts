import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The board's origin as the server writes it into absolute URLs (canonical and Open Graph
 * URLs, feeds, the sitemap, robots.txt, wallet sign-in messages), and the one place that
 * reads the headers naming it (docs/decisions/013-public-origin.md):
 *
 * - `PUBLIC_URL` set: that origin, whatever the request says. Host, X-Forwarded-Host,
 *   -Proto and -Port change nothing the server writes, so a response holding it may be
 *   kept by a shared cache as before.
 * - unset: the origin the request names: its Host, or, only under `TRUST_PROXY`,
 *   X-Forwarded-Host and X-Forwarded-Proto (Fastify's request.host and request.protocol),
 *   each only when well formed. Any client can send those headers, and a cache in front
 *   does not key on them (issue 28, finding 4: `X-Forwarded-Host: evil.example` put
 *   `Sitemap: http://evil.example/sitemap.xml` into a robots.txt kept an hour). So a
 *   response holding such an origin is never kept by a shared cache: see `keepWithOrigin`.
 */
export interface SiteOrigin {
  /** `scheme://host[:port]`, lower case, no default port, no trailing slash. */
  href: string;
  /** Whether it is PUBLIC_URL's: the same for every request. */
  configured: boolean;
}

/** A URL's host as a request may name it: a DNS name or IPv4 address, or a bracketed IPv6 one, and an optional port. */
const HOST = /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/** What a request without a usable host (HTTP/1.0, or a malformed one) is answered as. */
const NO_HOST = 'localhost';

/** The origin the request was addressed to (what the browser's `Origin` names), from its headers as TRUST_PROXY allows. */
export function requestOrigin(request: FastifyRequest): string {
  // X-Forwarded-Proto may say anything (`javascript`): only the two schemes we serve.
  const scheme = request.protocol === 'https' ? 'https' : 'http';
  const named = request.host;
  const fallback = request.headers.host ?? '';
  const host = (HOST.test(named) ? named : HOST.test(fallback) ? fallback : NO_HOST).toLowerCase();
  const port = scheme === 'https' ? ':443' : ':80';
  return `${scheme}://${host.endsWith(port) ? host.slice(0, -port.length) : host}`;
}

/** The origin absolute URLs are written with: PUBLIC_URL's, else the request's own. */
export function siteOrigin(request: FastifyRequest): SiteOrigin {
  const configured = request.server.config.publicUrl;
  return configured === undefined ? { href: requestOrigin(request), configured: false } : { href: configured, configured: true };
}

/** The request headers an origin read from the request depends on, as TRUST_PROXY allows them to. */
function originHeaders(request: FastifyRequest): string[] {
  const trusted = request.server.config.trustProxy !== false;
  return trusted ? ['Host', 'X-Forwarded-Host', 'X-Forwarded-Proto'] : ['Host'];
}

/**
 * The caching headers of a response whose body holds this origin. PUBLIC_URL's: the
 * policy given. The request's own: the same policy made `private` (the browser or feed
 * reader keeps and revalidates its copy; no CDN or shared proxy keeps it for others),
 * and `Vary` names the headers it came from, so even a private cache never answers one
 * origin's request with another's copy. Returned as headers, to be set or kept with a body.
 */
export function cacheHeadersWithOrigin(request: FastifyRequest, origin: SiteOrigin, cacheControl: string, vary: string[] = []): Record<string, string> {
  if (origin.configured) return { 'cache-control': cacheControl, ...(vary.length > 0 ? { vary: vary.join(', ') } : {}) };
  const directives = cacheControl.split(',').map((part) => part.trim()).filter((part) => part !== 'public' && part !== '');
  return { 'cache-control': ['private', ...directives].join(', '), vary: [...vary, ...originHeaders(request)].join(', ') };
}

/** Sets `cacheHeadersWithOrigin` on the reply. */
export function keepWithOrigin(request: FastifyRequest, reply: FastifyReply, origin: SiteOrigin, cacheControl: string, vary: string[] = []): FastifyReply {
  return reply.headers(cacheHeadersWithOrigin(request, origin, cacheControl, vary));
}
