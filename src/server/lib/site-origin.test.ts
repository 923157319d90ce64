import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { cacheHeadersWithOrigin, requestOrigin, siteOrigin } from './site-origin.js';

/** What site-origin.ts reads of a request: Fastify's host and protocol (TRUST_PROXY applied), the Host header, the config. */
const request = (host: string, protocol = 'http', config: { publicUrl?: string; trustProxy?: boolean } = {}) =>
  ({ host, protocol, headers: { host: 'fallback.example' }, server: { config: { publicUrl: config.publicUrl, trustProxy: config.trustProxy ?? false } } }) as unknown as FastifyRequest;

describe('the origin absolute URLs are written with', () => {
  it('is the request’s own, lower case and without a default port, only when well formed', () => {
    expect(requestOrigin(request('Board.Example:80'))).toBe('http://board.example');
    expect(requestOrigin(request('board.example:443', 'https'))).toBe('https://board.example');
    expect(requestOrigin(request('board.example:8080'))).toBe('http://board.example:8080');
    expect(requestOrigin(request('[::1]:3000'))).toBe('http://[::1]:3000');
    expect(requestOrigin(request('board.example', 'javascript'))).toBe('http://board.example');
    expect(requestOrigin(request('evil.example"><script>'))).toBe('http://fallback.example');
    expect(requestOrigin(request('a b'))).toBe('http://fallback.example');
  });

  it('is PUBLIC_URL whenever it is set, and then keeps the caching it is given', () => {
    const configured = request('evil.example', 'http', { publicUrl: 'https://board.example' });
    expect(siteOrigin(configured)).toEqual({ href: 'https://board.example', configured: true });
    expect(cacheHeadersWithOrigin(configured, siteOrigin(configured), 'public, max-age=300')).toEqual({ 'cache-control': 'public, max-age=300' });
  });

  it('makes a response holding the request’s origin private, varying on what it was read from', () => {
    const direct = request('board.example');
    expect(cacheHeadersWithOrigin(direct, siteOrigin(direct), 'public, max-age=3600')).toEqual({ 'cache-control': 'private, max-age=3600', vary: 'Host' });
    const proxied = request('board.example', 'https', { trustProxy: true });
    expect(cacheHeadersWithOrigin(proxied, siteOrigin(proxied), 'no-cache', ['Cookie'])).toEqual({
      'cache-control': 'private, no-cache',
      vary: 'Cookie, Host, X-Forwarded-Host, X-Forwarded-Proto',
    });
  });
});
