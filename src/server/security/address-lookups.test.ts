// Issue 27 (CONTRACT.md sections 4, 7 and 13): an address marked `useForAnonymous` is
// answered only by the anonymous look-ups (an anonymous thread's or post's tip address,
// an anonymous premium thread's payment address), never by the user's own look-up or
// their named content's; an unmarked address only by the named ones. Otherwise a visitor
// walking user ids finds the address tipped on an anonymous post and names its author.
// Every look-up is walked in both directions, for an author with both kinds, with only a
// marked one and with only an unmarked one; the premium payment address falls back to
// PAYMENT_ADDRESS, and a tip is recorded only to the address its look-up answers.
import { describe, expect, it, beforeAll } from 'vitest';
import { useTestApp } from '../test/app.js';
import { createReply, createThread, signUp, type TestUser } from '../test/factories.js';

const PLATFORM = '0x' + 'f0'.repeat(20);
const t = useTestApp({ config: { paymentAddress: PLATFORM } });

interface Owner {
  user: TestUser;
  marked: string | undefined;
  named: string | undefined;
  /** Their content, by kind. */
  ids: { namedThread: number; anonymousThread: number; namedPost: number; anonymousPost: number; namedPremium: number; anonymousPremium: number };
}

const owners: Record<'both' | 'markedOnly' | 'namedOnly', Owner> = {} as never;
let tipper: TestUser;

async function owner(index: number, kinds: { marked?: boolean; named?: boolean }): Promise<Owner> {
  const user = await signUp(t, { premium: true });
  const marked = kinds.marked ? `0x${String(index).repeat(2)}${'a'.repeat(38)}` : undefined;
  const named = kinds.named ? `0x${String(index).repeat(2)}${'b'.repeat(38)}` : undefined;
  // The marked address is added last, so "the newest address" would be the marked one.
  if (named) expect((await user.client.post('/api/crypto/addresses', { currency: 'ETH', address: named })).statusCode).toBe(201);
  if (marked) expect((await user.client.post('/api/crypto/addresses', { currency: 'ETH', address: marked, useForAnonymous: true })).statusCode).toBe(201);
  const namedThread = (await createThread(t, user, { isAnonymous: false })).id;
  const premium = { isPremium: true, accessPrice: '0.01', premiumContent: 'Behind the paywall' };
  return {
    user,
    marked,
    named,
    ids: {
      namedThread,
      anonymousThread: (await createThread(t, user, { isAnonymous: true })).id,
      namedPost: (await createReply(user, namedThread, { isAnonymous: false })).id,
      anonymousPost: (await createReply(user, namedThread, { isAnonymous: true })).id,
      namedPremium: (await createThread(t, user, { isAnonymous: false, ...premium })).id,
      anonymousPremium: (await createThread(t, user, { isAnonymous: true, ...premium })).id,
    },
  };
}

beforeAll(async () => {
  owners.both = await owner(1, { marked: true, named: true });
  owners.markedOnly = await owner(2, { marked: true });
  owners.namedOnly = await owner(3, { named: true });
  tipper = await signUp(t);
});

/** Every look-up: its URL for an owner, and whether it is named (else anonymous). */
const lookUps: { name: string; named: boolean; url: (owner: Owner) => string }[] = [
  { name: "the user's, by id", named: true, url: (o) => `/api/users/${o.user.id}/crypto-address/ETH` },
  { name: 'a named thread', named: true, url: (o) => `/api/threads/${o.ids.namedThread}/author/crypto-address/ETH` },
  { name: 'a named post', named: true, url: (o) => `/api/posts/${o.ids.namedPost}/author/crypto-address/ETH` },
  { name: 'an anonymous thread', named: false, url: (o) => `/api/threads/${o.ids.anonymousThread}/author/crypto-address/ETH` },
  { name: 'an anonymous post', named: false, url: (o) => `/api/posts/${o.ids.anonymousPost}/author/crypto-address/ETH` },
  // A token is paid to the ETH address of the same kind (the same account on the same chain).
  { name: "the user's, for USDT", named: true, url: (o) => `/api/users/${o.user.id}/crypto-address/USDT` },
  { name: 'an anonymous post, for USDC', named: false, url: (o) => `/api/posts/${o.ids.anonymousPost}/author/crypto-address/USDC` },
];

describe('an address answers only the look-ups of its kind', () => {
  for (const [who, label] of [
    ['both', 'with a marked and an unmarked address'],
    ['markedOnly', 'with only a marked address'],
    ['namedOnly', 'with only an unmarked address'],
  ] as const) {
    it(`tip-address look-ups, for an author ${label}`, async () => {
      const o = owners[who];
      for (const lookUp of lookUps) {
        const expected = lookUp.named ? o.named : o.marked;
        const response = await t.client().get(lookUp.url(o));
        if (expected) expect(response.json(), lookUp.name).toEqual({ address: expected });
        else expect([response.statusCode, response.json()], lookUp.name).toEqual([404, { message: 'No address for this currency' }]);
      }
    });

    it(`the premium payment address, PAYMENT_ADDRESS when no address of the kind, for an author ${label}`, async () => {
      const o = owners[who];
      expect((await t.client().get(`/api/premium/payment-address/${o.ids.namedPremium}`)).json()).toEqual({ address: o.named ?? PLATFORM });
      expect((await t.client().get(`/api/premium/payment-address/${o.ids.anonymousPremium}`)).json()).toEqual({ address: o.marked ?? PLATFORM });
    });

    it(`a tip is recorded only to the address its look-up answers, for an author ${label}`, async () => {
      const o = owners[who];
      const targets = [
        { target: { threadId: o.ids.namedThread }, named: true },
        { target: { postId: o.ids.namedPost }, named: true },
        { target: { threadId: o.ids.anonymousThread }, named: false },
        { target: { postId: o.ids.anonymousPost }, named: false },
      ];
      let n = 0;
      for (const { target, named } of targets) {
        const right = named ? o.named : o.marked;
        const wrong = named ? o.marked : o.named;
        const tip = (recipientAddress?: string) =>
          tipper.client.post('/api/crypto/tips', {
            amount: '0.01',
            currency: 'ETH',
            txHash: `0x${who.length.toString(16)}${(n++).toString(16).padStart(4, '0')}${'c'.repeat(59)}`,
            ...target,
            ...(recipientAddress ? { recipientAddress } : {}),
          });
        const label = JSON.stringify(target);
        if (wrong) {
          const refused = await tip(wrong);
          expect(refused.statusCode, label).toBe(400);
          expect(refused.json().message, label).toBe(right ? "Recipient address does not match the author's current address" : 'The author has no ETH address for tips');
        }
        if (right) expect((await tip(right)).statusCode, label).toBe(201);
        else expect((await tip()).json(), label).toEqual({ message: 'The author has no ETH address for tips' });
      }
    });
  }
});
