import { describe, expect, it } from 'vitest';
import { banIpSchema, reportSchema } from './moderation.js';

const hash = 'AB'.repeat(32);

describe('ban form schema', () => {
  it('treats blank reason and expiry as absent (a permanent ban) and stores the hash in lower case', () => {
    expect(banIpSchema.parse({ ipHash: ` ${hash} `, reason: '', expiresAt: '' })).toEqual({ ipHash: hash.toLowerCase(), scope: 'ip' });
    expect(banIpSchema.parse({ ipHash: hash, reason: null, expiresAt: null })).toEqual({ ipHash: hash.toLowerCase(), scope: 'ip' });
  });

  it('takes an expiry with its offset, as an instant', () => {
    const later = new Date(Date.now() + 86_400_000);
    const withOffset = later.toISOString().replace('Z', '+00:00');
    expect(new Date(banIpSchema.parse({ ipHash: hash, expiresAt: withOffset }).expiresAt!)).toEqual(later);
  });

  it('refuses an expiry without a time zone, which the server would have to guess', () => {
    const result = banIpSchema.safeParse({ ipHash: hash, expiresAt: '2999-01-01T10:00' });
    expect(result.error?.issues[0]?.message).toBe('Expiry must be a date and time');
  });
});

describe('report schema', () => {
  it('takes one target, from JSON or form values', () => {
    expect(reportSchema.parse({ threadId: 7, reason: ' Spam ' })).toEqual({ threadId: 7, reason: 'Spam' });
    expect(reportSchema.parse({ threadId: '', postId: '9', reason: 'Spam' })).toEqual({ postId: 9, reason: 'Spam' });
  });
});
