import { describe, expect, it } from 'vitest';
import { authorTag, escrow, newAuthorKey, openForSession, posterIdOfTag, sealForSession, unescrow, unwrapWithPassword, wrapWithPassword } from './author-key.js';

// CONTRACT.md section 13: the author key opens only with what its owner holds.
describe('the author key', () => {
  it('opens with its password and with nothing else, and each wrapping is new', async () => {
    const key = newAuthorKey();
    const wrapped = await wrapWithPassword(key, 'correct horse');
    expect((await unwrapWithPassword(wrapped, 'correct horse'))?.equals(key)).toBe(true);
    expect(await unwrapWithPassword(wrapped, 'correct horsE')).toBeNull();
    // A fresh salt and IV each time: two wrappings of one key share nothing.
    expect(await wrapWithPassword(key, 'correct horse')).not.toBe(wrapped);
    expect(wrapped).not.toContain(key.toString('base64url'));
  });

  it('refuses a wrapped form that was altered, cut or moved to another purpose, without throwing', async () => {
    const key = newAuthorKey();
    const wrapped = await wrapWithPassword(key, 'pw');
    const flipped = wrapped.slice(0, -2) + (wrapped.endsWith('A') ? 'B' : 'A') + wrapped.slice(-1);
    for (const bad of [flipped, wrapped.slice(0, 20), '', 'v2.x.y.z', 'v1...', `${wrapped}.extra`]) {
      expect(await unwrapWithPassword(bad, 'pw')).toBeNull();
    }
    const sealed = sealForSession(key, 'token');
    expect(unescrow(sealed, 'token')).toBeNull();
    expect(openForSession(escrow(key, 'token'), 'token')).toBeNull();
  });

  it('opens from a session only with that session cookie token, and from escrow only with SECRET', () => {
    const key = newAuthorKey();
    const sealed = sealForSession(key, 'the-cookie-token');
    expect(openForSession(sealed, 'the-cookie-token')?.equals(key)).toBe(true);
    expect(openForSession(sealed, 'another-token')).toBeNull();
    const escrowed = escrow(key, 'a'.repeat(32));
    expect(unescrow(escrowed, 'a'.repeat(32))?.equals(key)).toBe(true);
    expect(unescrow(escrowed, 'b'.repeat(32))).toBeNull();
  });

  it('gives one tag per author per thread, unrelated across threads and authors, and poster IDs from tags alone', () => {
    const alice = newAuthorKey();
    const bob = newAuthorKey();
    expect(authorTag(alice, 7)).toBe(authorTag(Buffer.from(alice), 7));
    expect(authorTag(alice, 7)).toMatch(/^[0-9a-f]{32}$/);
    expect(authorTag(alice, 7)).not.toBe(authorTag(alice, 8));
    expect(authorTag(alice, 7)).not.toBe(authorTag(bob, 7));
    const tag = authorTag(alice, 7);
    expect(posterIdOfTag(tag)).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(posterIdOfTag(tag)).toBe(posterIdOfTag(tag));
    expect(posterIdOfTag(tag)).not.toBe(posterIdOfTag(authorTag(alice, 8)));
  });
});
