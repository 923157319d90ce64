import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SentTip, Tip, TipStatus } from '../../../shared/api.js';
import { TIP_NOT_FOUND_TIMEOUT_MS, TIP_USD_RATES } from '../../../shared/constants.js';
import type { tipSchema } from '../../../shared/schemas/crypto.js';
import { fromBaseUnits, toBaseUnits, usdEstimate } from '../../../shared/money.js';
import type { Chains } from '../../chain/clients.js';
import { assertHashUnused, claimHash, HASH_NOT_YOURS, isLinkedWallet } from '../../chain/ledger.js';
import { verifyPayment, type PaymentCheck } from '../../chain/verify.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { cryptoTips, posts, threads, users } from '../../db/schema.js';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors.js';
import { POST_NOT_FOUND, THREAD_NOT_FOUND } from '../../lib/messages.js';
import { nextThreadVersion } from '../../lib/thread-version.js';
import type { Viewer } from '../../lib/viewer.js';
import { recordActivity } from '../activities/index.js';
import { recordEvent } from '../events/index.js';
import { NOTHING_NOTIFIED, notifyTip, publishUnread, type Notified, type PublishNotified } from '../notifications/index.js';
import { postAuthorship, receivingAddress, threadAuthorship } from './addresses.js';

type TipInput = z.output<typeof tipSchema>;
type TipRow = typeof cryptoTips.$inferSelect;

/** Most tips GET /api/threads/:id/post-tips answers: enough for any real thread page. */
const THREAD_POST_TIPS_MAX = 500;

/** "0.01000000" from numeric(18, 8) as "0.01". */
const decimalText = (value: string) => fromBaseUnits(toBaseUnits(value, 8), 8);

const serializeTip = (row: TipRow): Tip => ({
  id: row.id,
  amount: decimalText(row.amount),
  currency: row.currency,
  status: row.status as TipStatus,
  createdAt: row.createdAt.toISOString(),
  txHash: row.txHash,
  threadId: row.threadId,
  postId: row.postId,
});

/** What a chain check means for a tip: final failures fail it, the rest leave it pending. */
function outcome(check: PaymentCheck, senderLinked: boolean, createdAt: Date, now: Date): TipStatus {
  if (check.ok) return senderLinked ? 'confirmed' : 'failed';
  if (check.from && !senderLinked) return 'failed';
  switch (check.reason) {
    case 'reverted':
    case 'wrong_recipient':
    case 'too_little':
      return 'failed';
    case 'not_found':
      return now.getTime() - createdAt.getTime() > TIP_NOT_FOUND_TIMEOUT_MS ? 'failed' : 'pending';
    default:
      return 'pending';
  }
}

/**
 * Moves a pending tip to its final status; a confirmed tip adds its USD estimate to the
 * tipper's, the named recipient's and the thread's totals, exactly once, and notifies the
 * recipient (answered, for publishing once the transaction commits).
 */
async function settle(tx: DbOrTx, tip: TipRow, status: TipStatus, now: Date): Promise<Notified> {
  const [updated] = await tx
    .update(cryptoTips)
    .set({ status, checkedAt: now })
    .where(and(eq(cryptoTips.id, tip.id), eq(cryptoTips.status, 'pending')))
    .returning({ id: cryptoTips.id });
  if (!updated || status !== 'confirmed') return NOTHING_NOTIFIED;
  const notified = await notifyTip(tx, tip);
  const rate = TIP_USD_RATES[tip.currency as keyof typeof TIP_USD_RATES];
  if (!rate) return notified;
  const usd = usdEstimate(tip.amount, rate);
  if (tip.fromUserId) await tx.update(users).set({ totalTipsSent: sql`${users.totalTipsSent} + ${usd}::numeric` }).where(eq(users.id, tip.fromUserId));
  // Only named content names its author: a tip to anonymous content moves nothing on any
  // account (its row has no recipient), as an account-side write at the moment of that
  // tip would link the two (CONTRACT.md section 13). Its author counts it at read time,
  // through their key (anonymousTipsReceived).
  if (tip.recipientUserId && !(await paidForAnonymousContent(tx, tip))) {
    await tx
      .update(users)
      .set({
        totalTipsReceived: sql`${users.totalTipsReceived} + ${usd}::numeric`,
        publicTipsReceived: sql`${users.publicTipsReceived} + ${usd}::numeric`,
      })
      .where(eq(users.id, tip.recipientUserId));
  }
  if (tip.threadId && !tip.postId) {
    await tx
      .update(threads)
      .set({ totalTipsReceived: sql`${threads.totalTipsReceived} + ${usd}::numeric`, version: nextThreadVersion })
      .where(eq(threads.id, tip.threadId));
    await recordEvent(tx, { type: 'update', threadId: tip.threadId });
  }
  return notified;
}

/** Whether a tip went to an anonymous post or thread (then only its author may see it counted). */
async function paidForAnonymousContent(tx: DbOrTx, tip: Pick<TipRow, 'threadId' | 'postId'>): Promise<boolean> {
  if (tip.postId) {
    const [post] = await tx.select({ isAnonymous: posts.isAnonymous }).from(posts).where(eq(posts.id, tip.postId));
    return post?.isAnonymous ?? true;
  }
  if (tip.threadId) {
    const [thread] = await tx.select({ isAnonymous: threads.isAnonymous }).from(threads).where(eq(threads.id, tip.threadId));
    return thread?.isAnonymous ?? true;
  }
  return true;
}

async function check(chains: Chains, tip: Pick<TipRow, 'txHash' | 'currency' | 'recipientAddress' | 'amount'>): Promise<PaymentCheck | null> {
  const rail = chains.rail(tip.currency);
  if (!rail) return null;
  return verifyPayment(chains, {
    txHash: tip.txHash,
    currency: tip.currency,
    recipient: tip.recipientAddress,
    minimumBaseUnits: toBaseUnits(tip.amount, rail.decimals),
  });
}

/**
 * One pass of the background verifier (CONTRACT.md section 7) over pending tips. A tip
 * whose chain is not configured or cannot be reached stays pending.
 */
export async function verifyPendingTips({ db, chains, now = new Date() }: { db: Db; chains: Chains; now?: Date }): Promise<{ checked: number; settled: number }> {
  const pending = await db.select().from(cryptoTips).where(eq(cryptoTips.status, 'pending')).orderBy(cryptoTips.createdAt).limit(200);
  let settled = 0;
  for (const tip of pending) {
    const result = await check(chains, tip);
    if (!result) continue;
    const linked = result.ok || result.from ? await isLinkedWallet(db, tip.fromUserId ?? 0, result.ok ? result.from : result.from!) : false;
    const status = outcome(result, linked, tip.createdAt, now);
    if (status === 'pending') {
      await db.update(cryptoTips).set({ checkedAt: now }).where(eq(cryptoTips.id, tip.id));
      continue;
    }
    const notified = await db.transaction((tx) => settle(tx, tip, status, now));
    // A failure here is the job's to log; the settlement stands.
    await publishUnread(db, notified);
    settled++;
  }
  return { checked: pending.length, settled };
}

export function createTipService({ db, chains, publishNotified }: { db: Db; chains: Chains; publishNotified: PublishNotified }) {
  return {
    /**
     * Records a tip as pending with the address the look-up answers now. A transaction
     * already visible from a wallet not linked to the tipper is refused (403) and not
     * recorded, so its real payer can still claim it.
     */
    async submit(input: TipInput, tipper: { id: number; ipHash: string }, viewer: Viewer): Promise<Tip> {
      const target = input.postId ? await postAuthorship(db, input.postId) : await threadAuthorship(db, input.threadId!);
      if (!target) throw new NotFoundError(input.postId ? POST_NOT_FOUND : THREAD_NOT_FOUND);
      const threadId = 'threadId' in target ? target.threadId : target.id;
      const postId = input.postId ?? null;
      // One's own anonymous writing is told by one's tag for the thread, as isOwn is.
      const own = target.isAnonymous
        ? target.authorTag !== null && viewer.authorTagOf != null && viewer.authorTagOf(threadId) === target.authorTag
        : target.userId === tipper.id;
      if (own) throw new BadRequestError('You cannot tip your own content');
      const recipient = await receivingAddress(db, target, input.currency);
      if (!recipient) throw new BadRequestError(`The author has no ${input.currency} address for tips`);
      if (input.recipientAddress && input.recipientAddress.toLowerCase() !== recipient.toLowerCase()) {
        throw new BadRequestError("Recipient address does not match the author's current address");
      }
      await assertHashUnused(db, input.txHash, tipper.id);

      const draft = { txHash: input.txHash, currency: input.currency, recipientAddress: recipient, amount: input.amount };
      const result = await check(chains, draft);
      let status: TipStatus = 'pending';
      if (result) {
        const from = result.from;
        const linked = from ? await isLinkedWallet(db, tipper.id, from) : false;
        if (from && !linked) throw new ForbiddenError(HASH_NOT_YOURS);
        status = outcome(result, linked, new Date(), new Date());
      }
      const { row, notified } = await db.transaction(async (tx) => {
        await claimHash(tx, input.txHash, 'tip', tipper.id);
        const [tip] = await tx
          .insert(cryptoTips)
          .values({ ...draft, fromUserId: tipper.id, threadId, postId, recipientUserId: target.isAnonymous ? null : target.userId })
          .returning();
        await recordActivity(tx, tipper.id, { type: 'tip_sent', amount: input.amount, currency: input.currency, threadId, postId });
        const notified = status === 'pending' ? NOTHING_NOTIFIED : await settle(tx, tip!, status, new Date());
        return { row: { ...tip!, status }, notified };
      });
      await publishNotified(notified);
      return serializeTip(row);
    },

    /** Tips on a thread itself (tips on its replies are listed per post). */
    async forThread(threadId: number): Promise<Tip[]> {
      if (!(await threadAuthorship(db, threadId))) throw new NotFoundError(THREAD_NOT_FOUND);
      const rows = await db
        .select()
        .from(cryptoTips)
        .where(and(eq(cryptoTips.threadId, threadId), isNull(cryptoTips.postId)))
        .orderBy(desc(cryptoTips.createdAt), desc(cryptoTips.id));
      return rows.map(serializeTip);
    },

    /**
     * Tips on a thread's live replies in one list (newest first, capped), so a thread page
     * asks once instead of once per post; a deleted post's tips stay hidden as in forPost.
     */
    async forThreadPosts(threadId: number): Promise<Tip[]> {
      if (!(await threadAuthorship(db, threadId))) throw new NotFoundError(THREAD_NOT_FOUND);
      const rows = await db
        .select({ tip: cryptoTips })
        .from(cryptoTips)
        .innerJoin(posts, eq(posts.id, cryptoTips.postId))
        .where(and(eq(posts.threadId, threadId), eq(posts.isDeleted, false)))
        .orderBy(desc(cryptoTips.createdAt), desc(cryptoTips.id))
        .limit(THREAD_POST_TIPS_MAX);
      return rows.map(({ tip }) => serializeTip(tip));
    },

    async forPost(postId: number): Promise<Tip[]> {
      if (!(await postAuthorship(db, postId))) throw new NotFoundError(POST_NOT_FOUND);
      const rows = await db.select().from(cryptoTips).where(eq(cryptoTips.postId, postId)).orderBy(desc(cryptoTips.createdAt), desc(cryptoTips.id));
      return rows.map(serializeTip);
    },

    async sentBy(userId: number): Promise<SentTip[]> {
      const rows = await db
        .select({ tip: cryptoTips, thread: { id: threads.id, title: threads.title } })
        .from(cryptoTips)
        .leftJoin(threads, eq(threads.id, cryptoTips.threadId))
        .where(eq(cryptoTips.fromUserId, userId))
        .orderBy(desc(cryptoTips.createdAt), desc(cryptoTips.id));
      return rows.map(({ tip, thread }) => ({ ...serializeTip(tip), recipientAddress: tip.recipientAddress, thread: thread?.id ? thread : null }));
    },
  };
}

export type TipService = ReturnType<typeof createTipService>;
