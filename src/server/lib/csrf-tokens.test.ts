import { describe, expect, it } from 'vitest';
import { createCsrfTokens, signCsrfSecret } from './csrf-tokens.js';

describe('CSRF tokens, looked up', () => {
  it("gives a returning visitor's secret the token `<secret>.<mac>`, the same as signing it, and the check accepts it", () => {
    const tokens = createCsrfTokens('server secret');
    const secret = 'abcdefghijklmnopqrstuvwxyz_-0123';
    const token = `${secret}.${signCsrfSecret('server secret', secret)}`;
    expect(tokens.tokenFor(secret)).toBe(token);
    expect(tokens.tokenFor(secret)).toBe(token);
    expect(tokens.nonceOf(token)).toBe(secret);
    expect(createCsrfTokens('another secret').tokenFor(secret)).not.toBe(token);
  });

  it('gives a cookie-less client one token per address and browser, whose nonce is a cookie secret and which verifies', () => {
    const tokens = createCsrfTokens('server secret');
    const first = tokens.tokenForClient('203.0.113.7', 'Firefox');
    expect(tokens.tokenForClient('203.0.113.7', 'Firefox')).toBe(first);
    expect(createCsrfTokens('server secret').tokenForClient('203.0.113.7', 'Firefox'), 'another instance with the same SECRET').toBe(first);
    expect(tokens.tokenForClient('203.0.113.8', 'Firefox')).not.toBe(first);
    expect(tokens.tokenForClient('203.0.113.7', 'Chrome')).not.toBe(first);
    const nonce = tokens.nonceOf(first);
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(tokens.tokenFor(nonce!), 'the cookie set to its nonce gives the same token').toBe(first);
  });

  it('refuses tokens it did not make', () => {
    const tokens = createCsrfTokens('server secret');
    const token = tokens.tokenForClient('203.0.113.7', undefined);
    expect(createCsrfTokens('another secret').nonceOf(token)).toBeUndefined();
    const other = (char: string | undefined) => (char === 'A' ? 'B' : 'A');
    for (const forged of ['', '.', token.slice(0, 32), `${token.slice(0, 32)}.`, `${token}x`, `${token.slice(0, -1)}${other(token.at(-1))}`, `${other(token[0])}${token.slice(1)}`, signCsrfSecret('server secret', token.slice(0, 32))]) {
      expect(tokens.nonceOf(forged), forged).toBeUndefined();
    }
  });
});
