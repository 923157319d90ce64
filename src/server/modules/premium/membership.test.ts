import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MEMBERSHIP_USD_RATES } from '../../../shared/constants.js';
import { priceFromUsd } from '../../../shared/money.js';
import { membershipPurchases, users } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { linkWallet, useLocalChain } from '../../test/anvil.js';
import { signUp, type TestUser } from '../../test/factories.js';

const chain = useLocalChain();
const platform = chain.account(8).address;
Object.assign(chain.config, { paymentAddress: platform });
const t = useTestApp({ config: chain.config });

const DAY = 86_400_000;
// The plan price rounded up to 8 decimals, the precision amounts are recorded with.
const monthlyWei = 3_500_020_000_000_000n;
let buyer: TestUser;

const buy = (user: TestUser, txHash: string, duration: string, currency: string) =>
  user.client.post('/api/premium/purchase-membership', { txHash, duration, currency, amount: '1' });
const expiryOf = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!.membershipExpiresAt!;

beforeAll(async () => {
  buyer = await signUp(t);
  await linkWallet(chain, buyer, 1);
});

describe('membership', () => {
  it('lists the plans in each payable currency, rounded up to 8 decimals, and the payment address', async () => {
    const body = (await t.client().get('/api/premium/membership-plans')).json();
    expect(body.paymentAddress).toBe(platform);
    expect(body.plans).toEqual([
      { id: 'monthly', usd: '8.50', prices: { ETH: '0.00350002', USDT: '8.5', USDC: '8.5' } },
      { id: 'annual', usd: '85.00', prices: { ETH: '0.03500017', USDT: '85', USDC: '85' } },
    ]);
    // 8.5 / 2428.56 ETH = 0.0035000164706657443...: rounded up, never down.
    expect(priceFromUsd('8.50', MEMBERSHIP_USD_RATES.ETH, 18)).toBeLessThan(monthlyWei);
  });

  it('refuses an underpaid membership', async () => {
    const hash = await chain.payEth(1, platform, monthlyWei - 1n);
    const response = await buy(buyer, hash, 'monthly', 'ETH');
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toMatch(/less than/);
    expect((await buyer.client.get('/api/user')).json().isPremium).toBe(false);
  });

  it('a monthly ETH payment makes a member for one month from now', async () => {
    const hash = await chain.payEth(1, platform, monthlyWei);
    const response = await buy(buyer, hash, 'monthly', 'ETH');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ plan: 'monthly', currency: 'ETH', isPremium: true, amount: '0.00350002' });
    const expiry = await expiryOf(buyer.id);
    expect(expiry.getTime()).toBeGreaterThan(Date.now() + 27 * DAY);
    expect(expiry.getTime()).toBeLessThan(Date.now() + 32 * DAY);
    expect((await buyer.client.get('/api/user')).json().isPremium).toBe(true);
    expect((await buy(buyer, hash, 'monthly', 'ETH')).statusCode).toBe(409);
  });

  it('an annual USDC payment extends the current expiry by one year', async () => {
    const before = await expiryOf(buyer.id);
    const hash = await chain.payToken(1, platform, 85_000_000n);
    expect((await buy(buyer, hash, 'annual', 'USDC')).statusCode).toBe(201);
    const after = await expiryOf(buyer.id);
    const days = (after.getTime() - before.getTime()) / DAY;
    expect(days).toBeGreaterThanOrEqual(365);
    expect(days).toBeLessThanOrEqual(366);
    const rows = await t.database.db.select().from(membershipPurchases).where(eq(membershipPurchases.userId, buyer.id));
    expect(rows.map((row) => row.plan)).toEqual(['monthly', 'annual']);
  });

  it('an expired member is extended from now, not from the old expiry', async () => {
    const lapsed = await signUp(t);
    await linkWallet(chain, lapsed, 2);
    await t.database.db.update(users).set({ isPremium: true, membershipExpiresAt: new Date(Date.now() - 100 * DAY) }).where(eq(users.id, lapsed.id));
    const hash = await chain.payToken(2, platform, 8_500_000n);
    expect((await buy(lapsed, hash, 'monthly', 'USDC')).statusCode).toBe(201);
    expect((await expiryOf(lapsed.id)).getTime()).toBeGreaterThan(Date.now() + 27 * DAY);
  });

  it('refuses a USDC transfer to another address and MATIC without a Polygon node', async () => {
    const hash = await chain.payToken(1, chain.account(6).address, 8_500_000n);
    const wrong = await buy(buyer, hash, 'monthly', 'USDC');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/no USDC transfer to the payment address/);
    const matic = await buy(buyer, `0x${'aa'.repeat(32)}`, 'monthly', 'MATIC');
    expect(matic.statusCode).toBe(400);
    expect(matic.json().message).toBe('MATIC payments are not available on this server');
  });
});
