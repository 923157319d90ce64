import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers with a strict Content-Security-Policy: the web app loads only its
 * own scripts and styles (no inline code), images from itself, data: and blob:
 * (previews), and talks only to its own origin. Wallets are browser extensions and
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
export function contentSecurityPolicy(options: { styleNonce?: string } = {}): string {
  return Object.entries(cspDirectives)
    .map(([name, values]) => {
      const all = name === 'style-src' && options.styleNonce ? [...values, `'nonce-${options.styleNonce}'`] : values;
      return `${name} ${all.join(' ')}`;
    })
    .join(';');
}

export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives },
    // Uploaded images are served from our own origin; nothing cross-origin to isolate.
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024 });
});
