import { describe, expect, it } from 'vitest';
import { createCsrfTokens, signCsrfSecret } from './csrf-token-batch.js';

describe('CSRF tokens minted in batches', () => {
  it('hands out distinct url-safe secrets whose tokens are their HMAC, across batches', () => {
    const tokens = createCsrfTokens('server secret');
    const seen = new Set<string>();
    for (let i = 0; i < 600; i++) {
      const [secret, token] = tokens.mint();
      expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(token, 'a minted token does not verify').toBe(signCsrfSecret('server secret', secret));
      seen.add(secret);
    }
    expect(seen.size).toBe(600);
  });

  it("looks up a returning visitor's token, the same as signing it", () => {
    const tokens = createCsrfTokens('server secret');
    const [secret, token] = tokens.mint();
    expect(tokens.tokenFor(secret)).toBe(token);
    expect(tokens.tokenFor(secret)).toBe(token);
    expect(createCsrfTokens('another secret').tokenFor(secret)).not.toBe(token);
  });
});
