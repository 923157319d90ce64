import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { MembershipPlans, MembershipPurchase, PremiumAccessCheck, PremiumPurchase } from '../../../shared/api.js';
import { MEMBERSHIP_PLANS, MEMBERSHIP_USD_RATES, type MembershipPlanId } from '../../../shared/constants.js';
import type { purchaseAccessSchema, purchaseMembershipSchema } from '../../../shared/schemas/premium.js';
import { fromBaseUnits, priceFromUsd, roundUpToDecimals, toBaseUnits } from '../../../shared/money.js';
import type { Chains, PaymentCurrency } from '../../chain/clients.js';
import { assertHashUnused, claimHash, HASH_NOT_YOURS, isLinkedWallet, paymentError, PAYMENTS_NOT_CONFIGURED } from '../../chain/ledger.js';
import { verifyPayment } from '../../chain/verify.js';
import type { Db } from '../../db/client.js';
import { membershipPurchases, premiumAccesses, threads, users } from '../../db/schema.js';
import { BadRequestError, ForbiddenError, NotFoundError, ServiceUnavailableError } from '../../lib/errors.js';
import { THREAD_NOT_FOUND } from '../../lib/messages.js';
import type { Viewer } from '../../lib/viewer.js';
import { recordActivity } from '../activities/index.js';
import { receivingAddress } from '../crypto/index.js';
import { hasPremiumAccess } from './access.js';

type PurchaseAccess = z.output<typeof purchaseAccessSchema>;
type PurchaseMembership = z.output<typeof purchaseMembershipSchema>;
type Buyer = { id: number; ipHash: string };

const PLAN_INTERVAL: Record<MembershipPlanId, string> = { monthly: '1 month', annual: '1 year' };

/**
 * A plan's price in base units, rounded up to a whole 10^-8 of the currency: the price
 * the plans endpoint shows is then exactly what is charged, checked and recorded.
 */
function membershipPrice(planId: MembershipPlanId, currency: PaymentCurrency, decimals: number): bigint {
  const plan = MEMBERSHIP_PLANS.find((candidate) => candidate.id === planId)!;
  return roundUpToDecimals(priceFromUsd(plan.usd, MEMBERSHIP_USD_RATES[currency], decimals), decimals);
}

/** Premium threads and memberships, granted only for payments verified on chain (CONTRACT.md section 7). */
export function createPremiumService({ db, chains, paymentAddress }: { db: Db; chains: Chains; paymentAddress: string | undefined }) {
  async function findThread(id: number) {
    const [row] = await db
      .select({
        id: threads.id,
        userId: threads.userId,
        isAnonymous: threads.isAnonymous,
        authorTag: threads.authorTag,
        isPremium: threads.isPremium,
        accessPrice: threads.accessPrice,
        accessCurrency: threads.accessCurrency,
        isDeleted: threads.isDeleted,
      })
      .from(threads)
      .where(eq(threads.id, id))
      .limit(1);
    if (!row || row.isDeleted) throw new NotFoundError(THREAD_NOT_FOUND);
    return row;
  }

  /**
   * The author's ETH address as the look-up rule allows (an anonymous thread's: the
   * payee of its author tag), else the platform's.
   */
  async function threadPaymentAddress(thread: { userId: number | null; isAnonymous: boolean; authorTag: string | null }): Promise<string | null> {
    return (await receivingAddress(db, thread, 'ETH')) ?? paymentAddress ?? null;
  }

  /** The payment's sender must be one of the buyer's wallets; then the check itself must pass. */
  async function verifyFor(buyer: Buyer, query: { txHash: string; currency: string; recipient: string; minimumBaseUnits: bigint }) {
    const result = await verifyPayment(chains, query);
    const from = result.from;
    if (from && !(await isLinkedWallet(db, buyer.id, from))) throw new ForbiddenError(HASH_NOT_YOURS);
    if (!result.ok) throw paymentError(result);
    return result;
  }

  function assertPayable(currency: string): asserts currency is PaymentCurrency {
    if (chains.payable().length === 0) throw new ServiceUnavailableError(PAYMENTS_NOT_CONFIGURED);
    if (!chains.rail(currency)) throw new BadRequestError(`${currency} payments are not available on this server`);
  }

  return {
    async checkAccess(threadId: number, viewer: Viewer): Promise<PremiumAccessCheck> {
      const thread = await findThread(threadId);
      if (viewer.userId === null) return { hasAccess: false };
      return { hasAccess: await hasPremiumAccess(db, viewer, thread) };
    },

    async paymentAddressOf(threadId: number): Promise<{ address: string }> {
      const address = await threadPaymentAddress(await findThread(threadId));
      if (!address) throw new ServiceUnavailableError('No payment address is configured');
      return { address };
    },

    plans(): MembershipPlans {
      const payable = chains.payable();
      return {
        plans: MEMBERSHIP_PLANS.map((plan) => ({
          id: plan.id,
          usd: plan.usd,
          prices: Object.fromEntries(
            payable.map((currency) => {
              const decimals = chains.rail(currency)!.decimals;
              return [currency, fromBaseUnits(membershipPrice(plan.id, currency, decimals), decimals)];
            }),
          ),
        })),
        paymentAddress: paymentAddress ?? null,
      };
    },

    async purchaseAccess(input: PurchaseAccess, buyer: Buyer): Promise<PremiumPurchase> {
      if (!chains.rail('ETH')) throw new ServiceUnavailableError(PAYMENTS_NOT_CONFIGURED);
      const thread = await findThread(input.threadId);
      if (!thread.isPremium) throw new BadRequestError('This thread is not premium');
      if (input.currency !== thread.accessCurrency) throw new BadRequestError(`This thread is priced in ${thread.accessCurrency}`);
      assertPayable(input.currency);
      const recipient = await threadPaymentAddress(thread);
      if (!recipient) throw new ServiceUnavailableError('No payment address is configured');
      await assertHashUnused(db, input.txHash, buyer.id);
      const price = thread.accessPrice ?? '0';
      const decimals = chains.rail(input.currency)!.decimals;
      // A free premium thread would accept any transaction to the address as payment.
      if (toBaseUnits(price, decimals) === 0n) throw new BadRequestError('This thread has no price to pay');
      await verifyFor(buyer, { txHash: input.txHash, currency: input.currency, recipient, minimumBaseUnits: toBaseUnits(price, decimals) });
      const amount = fromBaseUnits(toBaseUnits(price, decimals), decimals);
      const row = await db.transaction(async (tx) => {
        await claimHash(tx, input.txHash, 'premium_access', buyer.id);
        const [access] = await tx
          .insert(premiumAccesses)
          .values({ userId: buyer.id, threadId: thread.id, amount: price, currency: input.currency, txHash: input.txHash })
          .returning();
        await recordActivity(tx, buyer.id, { type: 'premium_access_purchased', threadId: thread.id, amount, currency: input.currency });
        return access!;
      });
      return { threadId: thread.id, hasAccess: true, amount, currency: row.currency, txHash: row.txHash, purchaseDate: row.purchaseDate.toISOString() };
    },

    async purchaseMembership(input: PurchaseMembership, buyer: Buyer): Promise<MembershipPurchase> {
      if (!chains.rail('ETH')) throw new ServiceUnavailableError(PAYMENTS_NOT_CONFIGURED);
      assertPayable(input.currency);
      if (!paymentAddress) throw new ServiceUnavailableError('No payment address is configured');
      const plan = MEMBERSHIP_PLANS.find((p) => p.id === input.duration)!;
      const decimals = chains.rail(input.currency)!.decimals;
      const price = membershipPrice(plan.id, input.currency, decimals);
      await assertHashUnused(db, input.txHash, buyer.id);
      await verifyFor(buyer, { txHash: input.txHash, currency: input.currency, recipient: paymentAddress, minimumBaseUnits: price });
      const amount = fromBaseUnits(price, decimals);
      const expiresAt = await db.transaction(async (tx) => {
        await claimHash(tx, input.txHash, 'membership', buyer.id);
        // From the later of now and the current expiry; a membership without end keeps none.
        const [user] = await tx
          .update(users)
          .set({
            isPremium: true,
            membershipExpiresAt: sql`CASE WHEN ${users.isPremium} AND ${users.membershipExpiresAt} IS NULL THEN NULL
              ELSE greatest(now(), coalesce(${users.membershipExpiresAt}, now())) + ${PLAN_INTERVAL[plan.id]}::interval END`,
            updatedAt: new Date(),
          })
          .where(eq(users.id, buyer.id))
          .returning({ membershipExpiresAt: users.membershipExpiresAt });
        const until = user!.membershipExpiresAt ?? new Date(8_640_000_000_000_000);
        await tx.insert(membershipPurchases).values({ userId: buyer.id, plan: plan.id, amount, currency: input.currency, txHash: input.txHash, expiresAt: until });
        await recordActivity(tx, buyer.id, { type: 'membership_purchased', plan: plan.id, amount, currency: input.currency });
        return until;
      });
      return { plan: plan.id, amount, currency: input.currency, txHash: input.txHash, isPremium: true, membershipExpiresAt: expiresAt.toISOString() };
    },
  };
}

export type PremiumService = ReturnType<typeof createPremiumService>;
