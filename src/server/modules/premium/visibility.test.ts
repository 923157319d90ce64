import { eq } from 'drizzle-orm';
import { parseEther } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import type { TestClient } from '../../test/app.js';
import { useTestApp } from '../../test/app.js';
import { addAddress, linkWallet, useLocalChain } from '../../test/anvil.js';
import { createThread, signUp, type TestUser } from '../../test/factories.js';

// premiumContent is sent only to viewers with access (CONTRACT.md section 4), everywhere.
const chain = useLocalChain();
const platform = chain.account(8).address;
Object.assign(chain.config, { paymentAddress: platform });
const t = useTestApp({ config: chain.config });

const SECRET = 'zebracorn premium secret';
let author: TestUser;
let threadId: number;
let anonymousId: number;
const viewers: Record<string, () => TestClient> = {};

/** Every place a thread appears, and whether it carried the hidden part. */
async function sightings(client: TestClient): Promise<Record<string, unknown>> {
  const find = (list: { id: number }[]) => list.find((thread) => thread.id === threadId) as Record<string, unknown> | undefined;
  const board = (await client.get('/api/boards/g/threads?limit=50')).json() as { id: number }[];
  const recent = (await client.get('/api/threads/simple-recent')).json() as { id: number }[];
  const popular = (await client.get('/api/threads/simple-popular')).json() as { id: number }[];
  const profile = (await client.get(`/api/users/${author.id}/threads`)).json() as { id: number }[] | { threads: { id: number }[] };
  const search = await client.get('/api/search?query=zebracorn');
  const detail = (await client.get(`/api/threads/${threadId}`)).json() as Record<string, unknown>;
  return {
    detail: detail.premiumContent ?? null,
    board: find(board)?.premiumContent ?? null,
    recent: find(recent)?.premiumContent ?? null,
    popular: find(popular)?.premiumContent ?? null,
    profile: find(Array.isArray(profile) ? profile : profile.threads)?.premiumContent ?? null,
    searchMentions: search.body.includes('zebracorn'),
    hasAccess: ((await client.get(`/api/premium/check-access/${threadId}`)).json() as { hasAccess: boolean }).hasAccess,
  };
}

const hidden = { detail: null, board: null, recent: null, popular: null, profile: null, searchMentions: false, hasAccess: false };
const shown = { ...hidden, detail: SECRET, hasAccess: true };

beforeAll(async () => {
  author = await signUp(t, { premium: true });
  await addAddress(author, chain.account(7).address);
  threadId = (await createThread(t, author, { isAnonymous: false, isPremium: true, accessPrice: '0.01', premiumContent: SECRET })).id;
  anonymousId = (await createThread(t, author, { isAnonymous: true, isPremium: true, accessPrice: '0.01', premiumContent: SECRET })).id;

  const admin = await signUp(t, { admin: true });
  const member = await signUp(t, { premium: true });
  const expired = await signUp(t, { premium: true });
  await t.database.db.update(users).set({ membershipExpiresAt: new Date(Date.now() - 1000) }).where(eq(users.id, expired.id));
  const nonBuyer = await signUp(t);
  const buyer = await signUp(t);
  await linkWallet(chain, buyer, 1);
  const hash = await chain.payEth(1, chain.account(7).address, parseEther('0.01'));
  const bought = await buyer.client.post('/api/premium/purchase-access', { threadId, amount: '0.01', currency: 'ETH', txHash: hash });
  if (bought.statusCode !== 201) throw new Error(bought.body);
  const visitor = t.client();
  Object.assign(viewers, {
    visitor: () => visitor,
    nonBuyer: () => nonBuyer.client,
    expired: () => expired.client,
    author: () => author.client,
    admin: () => admin.client,
    buyer: () => buyer.client,
    member: () => member.client,
  });
});

describe('premiumContent visibility', () => {
  for (const who of ['visitor', 'nonBuyer', 'expired']) {
    it(`is absent for a ${who} in the thread, board list, feeds, search and profile`, async () => {
      expect(await sightings(viewers[who]!())).toEqual(hidden);
    });
  }
  for (const who of ['author', 'admin', 'buyer', 'member']) {
    it(`is present for the ${who} (thread page), never in lists or search`, async () => {
      expect(await sightings(viewers[who]!())).toEqual(shown);
    });
  }

  it('pays an anonymous thread to the platform unless its author marked an address for anonymous posts', async () => {
    expect((await t.client().get(`/api/premium/payment-address/${anonymousId}`)).json()).toEqual({ address: platform });
    expect((await t.client().get(`/api/premium/payment-address/${threadId}`)).json()).toEqual({ address: chain.account(7).address });
    await addAddress(author, chain.account(9).address, { useForAnonymous: true });
    expect((await t.client().get(`/api/premium/payment-address/${anonymousId}`)).json()).toEqual({ address: chain.account(9).address });
  });
});
