import { eq, sql } from 'drizzle-orm';
import { parseEther } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CryptoAddress, CurrentUser, ThreadDetail } from '../../../shared/api.js';
import { createChains } from '../../chain/clients.js';
import { anonymousAddresses, anonymousPayees, cryptoTips, users } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { addAddress, linkWallet, useLocalChain } from '../../test/anvil.js';
import { createReply, createThread, signUp, type TestUser } from '../../test/factories.js';
import { verifyPendingTips } from './tips.js';

// CONTRACT.md sections 4, 7 and 13: money for anonymous authors without linking. Tips to
// anonymous writing go to the address the author marked for it, which no account-side
// row holds; nothing on the account moves when they are paid; the author alone sees
// them in their full figure, through their key; an anonymous premium thread is the
// author's to read without paying, and its buyers pay the marked address.
const chain = useLocalChain();
const t = useTestApp({ config: () => ({ ...chain.config, paymentAddress: chain.account(9).address }) });

let author: TestUser;
let tipper: TestUser;
let admin: TestUser;
let marked: string;
let named: string;
let namedThread: number;

const me = async (user: TestUser) => (await user.client.get('/api/user')).json() as CurrentUser;
const profileAs = async (viewer: TestUser | null, id: number) =>
  (await (viewer ? viewer.client : t.client()).get(`/api/users/${id}`)).json() as { totalTipsReceived: string };
const tip = async (target: { threadId: number } | { postId: number }, eth: string, to: string) => {
  const hash = await chain.payEth(2, to, parseEther(eth));
  return tipper.client.post('/api/crypto/tips', { amount: eth, currency: 'ETH', txHash: hash, ...target });
};

/** Every row of the account-side tables, as text: where a marked address must never be. */
async function accountSideText(): Promise<string> {
  const rows = await t.database.db.execute(sql`
    SELECT row_to_json(u)::text AS r FROM users u
    UNION ALL SELECT row_to_json(a)::text FROM crypto_addresses a
    UNION ALL SELECT row_to_json(w)::text FROM wallet_links w
    UNION ALL SELECT row_to_json(s)::text FROM sessions s
    UNION ALL SELECT row_to_json(n)::text FROM notifications n
    UNION ALL SELECT row_to_json(x)::text FROM user_activities x
    UNION ALL SELECT row_to_json(f)::text FROM followers f
    UNION ALL SELECT row_to_json(v)::text FROM saved_threads v
    UNION ALL SELECT row_to_json(r)::text FROM reports r
    UNION ALL SELECT row_to_json(b)::text FROM ban_appeals b`);
  return rows.rows.map((row) => String(row.r)).join('\n').toLowerCase();
}

beforeAll(async () => {
  [author, tipper, admin] = await Promise.all([signUp(t, { premium: true }), signUp(t), signUp(t, { admin: true })]);
  marked = chain.account(1).address;
  named = chain.account(3).address;
  await addAddress(author, named);
  await addAddress(author, marked, { useForAnonymous: true });
  await linkWallet(chain, tipper, 2);
  namedThread = (await createThread(t, author, { isAnonymous: false })).id;
});

describe('marked addresses', () => {
  it('are listed to their owner with the same shape, and kept only sealed and by tag', async () => {
    const list = (await author.client.get('/api/crypto/addresses')).json() as CryptoAddress[];
    expect(list.map((entry) => [entry.address, entry.useForAnonymous])).toEqual([
      [named, false],
      [marked, true],
    ]);
    expect(new Set(list.map((entry) => entry.id)).size).toBe(2);
    const anonymousThread = (await createThread(t, author, { isAnonymous: true })).id;
    expect((await t.client().get(`/api/threads/${anonymousThread}/author/crypto-address/ETH`)).json()).toEqual({ address: marked });
    // The sealed list shows nothing of the address; the payee table names a tag, no account.
    const sealed = await t.database.db.select().from(anonymousAddresses);
    expect(JSON.stringify(sealed).toLowerCase()).not.toContain(marked.slice(2).toLowerCase());
    const payees = await t.database.db.select().from(anonymousPayees).where(eq(anonymousPayees.address, marked));
    expect(payees.length).toBeGreaterThanOrEqual(1);
    expect(await accountSideText()).not.toContain(marked.slice(2).toLowerCase());
  });

  it('refuses to mark an address the account holds, and to add a marked address to the account', async () => {
    const refused = await author.client.post('/api/crypto/addresses', { currency: 'ETH', address: named, useForAnonymous: true });
    expect(refused.statusCode).toBe(409);
    const wallet = await tipper.client.post('/api/crypto/addresses', { currency: 'ETH', address: chain.account(2).address.toLowerCase(), useForAnonymous: true });
    expect(wallet.statusCode).toBe(409);
    const back = await author.client.post('/api/crypto/addresses', { currency: 'USDT', address: marked.toLowerCase() });
    expect(back.statusCode).toBe(409);
    expect((await author.client.post('/api/crypto/addresses', { currency: 'ETH', address: marked, useForAnonymous: true })).statusCode).toBe(409);
  });

  it('are removed from every anonymous look-up of the author, and added back to threads written before', async () => {
    const owner = await signUp(t);
    const thread = (await createThread(t, owner, { isAnonymous: true })).id;
    const reply = (await createReply(owner, namedThread, { isAnonymous: true })).id;
    const lookUps = [`/api/threads/${thread}/author/crypto-address/ETH`, `/api/posts/${reply}/author/crypto-address/USDC`];
    for (const url of lookUps) expect((await t.client().get(url)).statusCode).toBe(404);
    const address = chain.account(11).address;
    const { id } = await addAddress(owner, address, { useForAnonymous: true });
    for (const url of lookUps) expect((await t.client().get(url)).json()).toEqual({ address });
    expect((await owner.client.delete(`/api/crypto/addresses/${id}`)).statusCode).toBe(204);
    for (const url of lookUps) expect((await t.client().get(url)).statusCode).toBe(404);
    expect((await owner.client.get('/api/crypto/addresses')).json()).toEqual([]);
    expect((await owner.client.delete(`/api/crypto/addresses/${id}`)).statusCode).toBe(404);
    expect(await t.database.db.select().from(anonymousPayees).where(eq(anonymousPayees.address, address))).toEqual([]);
  });
});

describe('tips to anonymous writing', () => {
  it('are paid to the marked address, confirmed, counted for the author alone, and move nothing on the account', async () => {
    const anonymousThread = (await createThread(t, author, { isAnonymous: true })).id;
    const anonymousReply = (await createReply(author, namedThread, { isAnonymous: true })).id;
    const [before] = await t.database.db.select().from(users).where(eq(users.id, author.id));
    const figures = { own: (await me(author)).totalTipsReceived, visitor: (await profileAs(null, author.id)).totalTipsReceived };

    // Paid anywhere but the marked address, the tip is refused.
    expect((await tipper.client.post('/api/crypto/tips', { amount: '0.001', currency: 'ETH', txHash: `0x${'5a'.repeat(32)}`, threadId: anonymousThread, recipientAddress: named })).statusCode).toBe(400);
    for (const target of [{ threadId: anonymousThread }, { postId: anonymousReply }]) {
      const response = await tip(target, '0.001', marked);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ status: 'confirmed' });
    }
    const rows = await t.database.db.select().from(cryptoTips).where(eq(cryptoTips.recipientAddress, marked));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect([row.recipientUserId, row.status]).toEqual([null, 'confirmed']);

    // Nothing on the account moved (not even its private total, or its updated time).
    const [after] = await t.database.db.select().from(users).where(eq(users.id, author.id));
    expect(after).toEqual(before);
    // 2 x 0.001 ETH at 3000 USD: the author sees it; visitors, other users and admins see no change.
    expect((await me(author)).totalTipsReceived).toBe((Number(figures.own) + 6).toFixed(8));
    expect((await profileAs(author, author.id)).totalTipsReceived).toBe((Number(figures.own) + 6).toFixed(8));
    for (const viewer of [null, tipper, admin]) expect((await profileAs(viewer, author.id)).totalTipsReceived, String(viewer?.id)).toBe(figures.visitor);
    expect((await profileAs(admin, author.id)).totalTipsReceived).toBe(before!.totalTipsReceived);
    // The thread's own figure is content-side, and counts it.
    expect((await t.client().get(`/api/threads/${anonymousThread}`)).json()).toMatchObject({ totalTipsReceived: '3.00000000' });
    expect(await accountSideText()).not.toContain(marked.slice(2).toLowerCase());
  });

  it('are settled by the verifier without touching the account', async () => {
    const anonymousThread = (await createThread(t, author, { isAnonymous: true })).id;
    const response = await tip({ threadId: anonymousThread }, '0.002', marked);
    const hash = (response.json() as { txHash: string }).txHash;
    await t.database.db.update(cryptoTips).set({ status: 'pending' }).where(eq(cryptoTips.txHash, hash));
    // Pending, it is not counted yet; confirmed, it is, for the author alone.
    const own = Number((await me(author)).totalTipsReceived);
    const [before] = await t.database.db.select().from(users).where(eq(users.id, author.id));
    await verifyPendingTips({ db: t.database.db, chains: createChains(t.app.config) });
    const [row] = await t.database.db.select().from(cryptoTips).where(eq(cryptoTips.txHash, hash));
    expect([row!.status, row!.recipientUserId]).toEqual(['confirmed', null]);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, author.id));
    expect(after).toEqual(before);
    expect((await me(author)).totalTipsReceived).toBe((own + 6).toFixed(8));
  });

  it("refuse the author's own anonymous writing, told by their tag", async () => {
    const anonymousThread = (await createThread(t, author, { isAnonymous: true })).id;
    const response = await author.client.post('/api/crypto/tips', { amount: '0.001', currency: 'ETH', txHash: `0x${'6b'.repeat(32)}`, threadId: anonymousThread });
    expect([response.statusCode, response.json().message]).toEqual([400, 'You cannot tip your own content']);
  });
});

describe('an anonymous premium thread', () => {
  const premium = { isAnonymous: true, isPremium: true, accessPrice: '0.01', accessCurrency: 'ETH', premiumContent: 'The hidden part' };
  const buy = async (buyer: TestUser, threadId: number, to: string) => {
    const hash = await chain.payEth(4, to, parseEther('0.01'));
    return buyer.client.post('/api/premium/purchase-access', { threadId, amount: '0.01', currency: 'ETH', txHash: hash });
  };

  it("is its author's to read without paying, on every session, and paid to their marked address", async () => {
    const threadId = (await createThread(t, author, premium)).id;
    expect((await author.client.get(`/api/premium/check-access/${threadId}`)).json()).toEqual({ hasAccess: true });
    const elsewhere = t.client();
    expect((await elsewhere.login(author.username)).statusCode).toBe(200);
    expect(((await elsewhere.get(`/api/threads/${threadId}`)).json() as ThreadDetail).premiumContent).toBe('The hidden part');
    const buyer = await signUp(t);
    await linkWallet(chain, buyer, 4);
    expect((await buyer.client.get(`/api/premium/check-access/${threadId}`)).json()).toEqual({ hasAccess: false });
    expect((await t.client().get(`/api/premium/payment-address/${threadId}`)).json()).toEqual({ address: marked });
    // Paid to the platform instead of the author's marked address, it is refused.
    expect((await buy(buyer, threadId, chain.account(9).address)).statusCode).toBe(400);
    const bought = await buy(buyer, threadId, marked);
    expect(bought.statusCode).toBe(201);
    expect((await buyer.client.get(`/api/premium/check-access/${threadId}`)).json()).toEqual({ hasAccess: true });
    expect(await accountSideText()).not.toContain(marked.slice(2).toLowerCase());
  });

  it('is paid to PAYMENT_ADDRESS when its author marked no address', async () => {
    const writer = await signUp(t, { premium: true });
    await addAddress(writer, chain.account(12).address);
    const threadId = (await createThread(t, writer, premium)).id;
    expect((await writer.client.get(`/api/premium/check-access/${threadId}`)).json()).toEqual({ hasAccess: true });
    expect((await t.client().get(`/api/premium/payment-address/${threadId}`)).json()).toEqual({ address: chain.account(9).address });
    const buyer = await signUp(t);
    await linkWallet(chain, buyer, 5);
    const hash = await chain.payEth(5, chain.account(9).address, parseEther('0.01'));
    const bought = await buyer.client.post('/api/premium/purchase-access', { threadId, amount: '0.01', currency: 'ETH', txHash: hash });
    expect(bought.statusCode).toBe(201);
  });
});
