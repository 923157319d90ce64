import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CryptoAddress, CurrentUser } from '../../shared/api.js';
import { escrow, unwrapWithPassword } from '../lib/author-key.js';
import { useTestApp } from '../test/app.js';
import { createReply, createThread, signUp, type TestUser } from '../test/factories.js';
import { moveAnonymousMoney } from './anonymous-money.js';
import { anonymousPayees, cryptoAddresses, cryptoTips, paymentTransactions, users } from './schema.js';

// The data half of migration 0013 (CONTRACT.md section 13): what an account had before,
// a marked address on the account and tips to its anonymous writing counted on it,
// leaves the account and stays the author's through their key.
const t = useTestApp();

let author: TestUser;
let tipper: TestUser;
const MARKED = `0x${'1a'.repeat(20)}`;
const WALLET = `0x${'2b'.repeat(20)}`;

let hashes = 0;
async function confirmedTip(target: { threadId: number; postId?: number }, recipientUserId: number, amount: string) {
  const txHash = `0x${(++hashes).toString(16).padStart(64, '0')}`;
  const { db } = t.database;
  await db.insert(paymentTransactions).values({ txHash, kind: 'tip', userId: tipper.id });
  await db.insert(cryptoTips).values({ txHash, amount, currency: 'ETH', fromUserId: tipper.id, recipientUserId, recipientAddress: MARKED, status: 'confirmed', threadId: target.threadId, postId: target.postId ?? null });
}

beforeAll(async () => {
  [author, tipper] = await Promise.all([signUp(t), signUp(t)]);
});

describe('moving money for anonymous writing off the account', () => {
  it('seals marked addresses, pays the anonymous threads by tag, unlinks tips and recounts totals, once', async () => {
    const { db } = t.database;
    const named = (await createThread(t, author, { isAnonymous: false })).id;
    const anonymous = (await createThread(t, author, { isAnonymous: true })).id;
    const reply = (await createReply(author, named, { isAnonymous: true })).id;
    // As before 0013: the marked address on the account, its key in escrow (not signed in
    // since 0012), and tips to its anonymous writing counted in its private total.
    const [row] = await db.select().from(users).where(eq(users.id, author.id));
    const key = (await unwrapWithPassword(row!.authorKeyWrapped!, 'password1'))!;
    await db.update(users).set({ authorKeyEscrow: escrow(key, t.app.config.secret) }).where(eq(users.id, author.id));
    const [old] = await db.insert(cryptoAddresses).values({ userId: author.id, currency: 'ETH', address: MARKED, useForAnonymous: true }).returning();
    await confirmedTip({ threadId: anonymous }, author.id, '0.001');
    await confirmedTip({ threadId: named, postId: reply }, author.id, '0.002');
    await confirmedTip({ threadId: named }, author.id, '0.001');
    await db.update(users).set({ totalTipsReceived: '12.00000000', publicTipsReceived: '3.00000000' }).where(eq(users.id, author.id));
    // Another account from before, which signed in since: its key is not in escrow.
    const other = await signUp(t);
    await db.insert(cryptoAddresses).values({ userId: other.id, currency: 'ETH', address: WALLET, useForAnonymous: true });

    const done = await moveAnonymousMoney(db, t.app.config.secret);
    expect(done).toEqual({ addresses: 2, tips: 2 });
    // Run again (every start does): nothing left to do.
    expect(await moveAnonymousMoney(db, t.app.config.secret)).toEqual({ addresses: 0, tips: 0 });

    // No account row holds a marked address; the tips to anonymous writing name no one.
    expect(await db.select().from(cryptoAddresses).where(eq(cryptoAddresses.useForAnonymous, true))).toEqual([]);
    const tips = await db.select().from(cryptoTips).where(eq(cryptoTips.fromUserId, tipper.id)).orderBy(cryptoTips.id);
    expect(tips.map((tip) => [tip.postId === null && tip.threadId === named, tip.recipientUserId])).toEqual([
      [false, null],
      [false, null],
      [true, author.id],
    ]);
    const [after] = await db.select().from(users).where(eq(users.id, author.id));
    expect([after!.totalTipsReceived, after!.publicTipsReceived]).toEqual(['3.00000000', '3.00000000']);

    // The author still has it all, through their key: the address (same id), its
    // look-ups, and the full figure.
    const list = (await author.client.get('/api/crypto/addresses')).json() as CryptoAddress[];
    expect(list.map((entry) => [entry.id, entry.address, entry.useForAnonymous])).toEqual([[old!.id, MARKED, true]]);
    expect((await t.client().get(`/api/threads/${anonymous}/author/crypto-address/ETH`)).json()).toEqual({ address: MARKED });
    expect((await t.client().get(`/api/posts/${reply}/author/crypto-address/ETH`)).json()).toEqual({ address: MARKED });
    expect((await t.client().get(`/api/users/${author.id}/crypto-address/ETH`)).statusCode).toBe(404);
    expect(((await author.client.get('/api/user')).json() as CurrentUser).totalTipsReceived).toBe('12.00000000');
    expect(((await t.client().get(`/api/users/${author.id}`)).json() as CurrentUser).totalTipsReceived).toBe('3.00000000');
    // The account without a key in escrow could not be keyed: its marked address is gone.
    expect((await other.client.get('/api/crypto/addresses')).json()).toEqual([]);
    expect(await db.select().from(anonymousPayees).where(eq(anonymousPayees.address, WALLET))).toEqual([]);
  });
});
