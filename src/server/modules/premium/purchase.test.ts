import { eq } from 'drizzle-orm';
import { parseEther } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { premiumAccesses } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { addAddress, linkWallet, useLocalChain } from '../../test/anvil.js';
import { createThread, signUp, type TestUser } from '../../test/factories.js';

const chain = useLocalChain();
const t = useTestApp({ config: chain.config });

const RANDOM_HASH = `0x${'ab'.repeat(32)}`;
let author: TestUser;
let authorAddress: string;
let threadId: number;

const purchase = (user: TestUser, txHash: string, fields: Record<string, unknown> = {}) =>
  user.client.post('/api/premium/purchase-access', { threadId, amount: '0.01', currency: 'ETH', txHash, ...fields });
const hasAccess = async (user: TestUser) => ((await user.client.get(`/api/premium/check-access/${threadId}`)).json() as { hasAccess: boolean }).hasAccess;
const rowsFor = async (user: TestUser) => t.database.db.select().from(premiumAccesses).where(eq(premiumAccesses.userId, user.id));

beforeAll(async () => {
  author = await signUp(t, { premium: true });
  authorAddress = chain.account(7).address;
  await addAddress(author, authorAddress);
  threadId = (await createThread(t, author, { isAnonymous: false, isPremium: true, accessPrice: '0.01', accessCurrency: 'ETH', premiumContent: 'The hidden part' })).id;
});

describe('premium thread purchase, verified on chain', () => {
  it('pays to the author ETH address and answers false to visitors', async () => {
    expect((await t.client().get(`/api/premium/payment-address/${threadId}`)).json()).toEqual({ address: authorAddress });
    expect((await t.client().get(`/api/premium/check-access/${threadId}`)).json()).toEqual({ hasAccess: false });
    expect((await t.client().get('/api/premium/check-access/999999')).statusCode).toBe(404);
  });

  it('refuses a random hash, a reverted tx, a wrong address and an underpayment, naming the check', async () => {
    const buyer = await signUp(t);
    await linkWallet(chain, buyer, 1);
    const cases: [string, number, RegExp][] = [
      [RANDOM_HASH, 400, /not found/i],
      [await chain.revertedTx(1), 400, /reverted/i],
      [await chain.payEth(1, chain.account(6).address, parseEther('0.01')), 400, /not sent to the payment address/i],
      [await chain.payEth(1, authorAddress, parseEther('0.009')), 402, /less than/i],
      ['0x1234', 400, /transaction hash/i],
    ];
    for (const [hash, status, message] of cases) {
      const response = await purchase(buyer, hash);
      expect(response.statusCode, hash).toBe(status);
      expect(response.json().message).toMatch(message);
    }
    expect(await hasAccess(buyer)).toBe(false);
    expect(await rowsFor(buyer)).toHaveLength(0);
  });

  it('refuses a currency other than the thread price currency', async () => {
    const buyer = await signUp(t);
    const response = await purchase(buyer, RANDOM_HASH, { currency: 'USDC' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('This thread is priced in ETH');
  });

  it('grants access for the right payment; the same hash again is 409 to its payer and 403 to others', async () => {
    const buyer = await signUp(t);
    await linkWallet(chain, buyer, 2);
    const hash = await chain.payEth(2, authorAddress, parseEther('0.01'));
    const response = await purchase(buyer, hash.toUpperCase().replace('0X', '0x'));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ threadId, hasAccess: true, amount: '0.01', currency: 'ETH', txHash: hash });
    expect(await hasAccess(buyer)).toBe(true);
    expect((await buyer.client.get(`/api/threads/${threadId}`)).json().premiumContent).toBe('The hidden part');

    expect((await purchase(buyer, hash)).statusCode).toBe(409);
    const other = await signUp(t);
    await linkWallet(chain, other, 3);
    expect((await purchase(other, hash)).statusCode).toBe(403);
    expect(await hasAccess(other)).toBe(false);
  });

  it("refuses someone else's transaction with 403 and lets its payer claim it after", async () => {
    const payer = await signUp(t);
    await linkWallet(chain, payer, 4);
    const thief = await signUp(t);
    await linkWallet(chain, thief, 5);
    const hash = await chain.payEth(4, authorAddress, parseEther('0.02'));
    const stolen = await purchase(thief, hash);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().message).toMatch(/not sent from a wallet linked to your account/);
    expect(await rowsFor(thief)).toHaveLength(0);
    expect((await purchase(payer, hash)).statusCode).toBe(201);
  });

  it('grants exactly one purchase for 20 parallel submissions of one hash', async () => {
    const buyer = await signUp(t);
    await linkWallet(chain, buyer, 10);
    const hash = await chain.payEth(10, authorAddress, parseEther('0.01'));
    const responses = await Promise.all(Array.from({ length: 20 }, () => purchase(buyer, hash)));
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(await rowsFor(buyer)).toHaveLength(1);
  });

  it('needs a login and a premium thread', async () => {
    expect((await t.client().post('/api/premium/purchase-access', { threadId, amount: '0.01', currency: 'ETH', txHash: RANDOM_HASH })).statusCode).toBe(401);
    const plain = (await createThread(t, author)).id;
    const buyer = await signUp(t);
    const response = await purchase(buyer, RANDOM_HASH, { threadId: plain });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('This thread is not premium');
  });
});
