import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers with a strict Content-Security-Policy: the web app loads only its
 * own scripts and styles (no inline code), images from itself, data: and blob:
 * (previews) and the uploads' origin when UPLOADS_PUBLIC_URL puts them elsewhere, and
 * talks only to its own origin. Wallets are browser extensions and
 * need no network permission from the page.
 */
const cspDirectives: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The policy as a header value. HTML pages add a per-response style nonce: Radix's
 * scroll lock injects a <style> element, which the page tags with that nonce (read
 * from its csp-nonce meta tag), so no inline style is allowed without it.
 */
export function contentSecurityPolicy(options: { styleNonce?: string; imageOrigin?: string | undefined } = {}): string {
  return Object.entries(cspDirectives)
    .map(([name, values]) => {
      let all = values;
      if (name === 'style-src' && options.styleNonce) all = [...values, `'nonce-${options.styleNonce}'`];
      if (name === 'img-src' && options.imageOrigin) all = [...values, options.imageOrigin];
      return `${name} ${all.join(' ')}`;
    })
    .join(';');
}

/**
 * The headers every response carries: the CSP above and the hardening headers helmet
 * would send (same values), computed once when the app starts. helmet rebuilds its CSP string on
 * every request, which the benchmark showed costing more than the route itself.
 */
const securityHeaders = (imageOrigin: string | undefined): Record<string, string> => ({
  'content-security-policy': contentSecurityPolicy({ imageOrigin }),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

export const securityPlugin = fp(async (app: FastifyInstance, options: { imageOrigin?: string | undefined }) => {
  const headers = securityHeaders(options.imageOrigin);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(compress, { threshold: 1024 });
});
