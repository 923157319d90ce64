import { parseEther } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { addAddress, linkWallet, useLocalChain } from '../../test/anvil.js';
import { createReply, createThread, signUp, type TestUser } from '../../test/factories.js';

// CONTRACT.md section 4: nothing public about a user moves because of tips to their
// anonymous posts, or anyone could tip an anonymous post a tiny amount and watch
// which profile's total changes.
const chain = useLocalChain();
const t = useTestApp({ config: chain.config });

let author: TestUser;
let authorAddress: string;
/** Where tips to the author's signed content go: an address marked for anonymous posts never answers for it (CONTRACT.md section 13). */
let namedAddress: string;
let tipper: TestUser;
let threadId: number;

const profileAs = async (viewer: TestUser | null, id: number) =>
  (await (viewer ? viewer.client : t.client()).get(`/api/users/${id}`)).json() as Record<string, unknown>;
const tipEth = async (target: { threadId: number } | { postId: number }, eth: string, to = authorAddress) => {
  const hash = await chain.payEth(2, to, parseEther(eth));
  const response = await tipper.client.post('/api/crypto/tips', { amount: eth, currency: 'ETH', txHash: hash, ...target });
  expect(response.json()).toMatchObject({ status: 'confirmed' });
};

beforeAll(async () => {
  author = await signUp(t);
  authorAddress = chain.account(1).address;
  // Usable on anonymous posts, so the tip look-up answers and the tip can be paid at all.
  await addAddress(author, authorAddress, { useForAnonymous: true });
  namedAddress = chain.account(3).address;
  await addAddress(author, namedAddress);
  tipper = await signUp(t);
  await linkWallet(chain, tipper, 2);
  threadId = (await createThread(t, author, { isAnonymous: false })).id;
});

describe('tip totals and anonymous content', () => {
  it("leaves a profile's public total unchanged by a tip to the user's anonymous reply", async () => {
    const other = await signUp(t);
    const anonymousReply = (await createReply(author, threadId, { isAnonymous: true })).id;
    const anonymousThread = (await createThread(t, author, { isAnonymous: true })).id;
    const before = { visitor: await profileAs(null, author.id), other: await profileAs(other, author.id) };
    expect(before.visitor.totalTipsReceived).toBe('0.00000000');

    await tipEth({ postId: anonymousReply }, '0.002');
    await tipEth({ threadId: anonymousThread }, '0.001');

    for (const viewer of [null, other]) {
      const profile = await profileAs(viewer, author.id);
      expect(profile.totalTipsReceived).toBe('0.00000000');
      expect(profile).not.toHaveProperty('countsIncludeAnonymous');
    }
    // The owner sees the full figure, marked as counting anonymous activity.
    const own = await profileAs(author, author.id);
    expect(own).toMatchObject({ totalTipsReceived: '9.00000000', countsIncludeAnonymous: true });
    expect((await author.client.get('/api/user')).json()).toMatchObject({ totalTipsReceived: '9.00000000', countsIncludeAnonymous: true });
  });

  it('counts a tip to a signed reply in the public total too', async () => {
    const signedReply = (await createReply(author, threadId, { isAnonymous: false })).id;
    await tipEth({ postId: signedReply }, '0.001', namedAddress);
    expect((await profileAs(null, author.id)).totalTipsReceived).toBe('3.00000000');
    expect((await profileAs(author, author.id)).totalTipsReceived).toBe('12.00000000');
  });
});
