import { eq, or } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { cryptoAddresses, followers, paymentTransactions, premiumAccesses, savedThreads, sessions, users, walletLinks } from '../../db/schema.js';
import { useTestApp, type TestClient } from '../../test/app.js';
import { createReply, createThread, signUp, type TestUser } from '../../test/factories.js';

const t = useTestApp();
let admin: TestUser;
let friend: TestUser;
let fan: TestUser;

beforeAll(async () => {
  [admin, friend, fan] = await Promise.all([signUp(t, { admin: true }), signUp(t), signUp(t)]);
});

const deleteAccount = (client: TestClient, body: unknown) => client.request('DELETE', '/api/user', { body });

/** A user with a bit of everything the contract says goes, or stays. */
async function leaverWithHistory() {
  const leaver = await signUp(t);
  const thread = await createThread(t, leaver, { isAnonymous: false, title: 'Named by the leaver' });
  const named = await createReply(leaver, thread.id, { isAnonymous: false });
  const anonymous = await createReply(leaver, thread.id, { isAnonymous: true });
  expect((await leaver.client.post('/api/crypto/addresses', { currency: 'BTC', address: 'bc1qleaveraddress0000000000' })).statusCode).toBe(201);
  const wallet = privateKeyToAccount(generatePrivateKey());
  const { message } = (await leaver.client.post('/api/wallets/challenge', { address: wallet.address })).json() as { message: string };
  expect((await leaver.client.post('/api/wallets', { message, signature: await wallet.signMessage({ message }) })).statusCode).toBe(201);
  expect((await leaver.client.post(`/api/users/${friend.id}/follow`)).statusCode).toBe(200);
  expect((await fan.client.post(`/api/users/${leaver.id}/follow`)).statusCode).toBe(200);
  expect((await fan.client.post(`/api/users/${friend.id}/follow`)).statusCode).toBe(200);
  expect((await leaver.client.request('PUT', `/api/threads/${thread.id}/save`)).statusCode).toBe(200);
  // A second signed-in device.
  const otherDevice = t.client();
  expect((await otherDevice.login(leaver.username)).statusCode).toBe(200);
  return { leaver, otherDevice, thread, named, anonymous };
}

const rowsOf = async (userId: number) => {
  const { db } = t.database;
  const [s, a, w, f, v, u] = await Promise.all([
    db.select().from(sessions).where(eq(sessions.userId, userId)),
    db.select().from(cryptoAddresses).where(eq(cryptoAddresses.userId, userId)),
    db.select().from(walletLinks).where(eq(walletLinks.userId, userId)),
    db.select().from(followers).where(or(eq(followers.followerId, userId), eq(followers.followingId, userId))),
    db.select().from(savedThreads).where(eq(savedThreads.userId, userId)),
    db.select().from(users).where(eq(users.id, userId)),
  ]);
  return { sessions: s.length, addresses: a.length, wallets: w.length, follows: f.length, saved: v.length, users: u.length };
};

describe('DELETE /api/user (CONTRACT.md section 11)', () => {
  it('refuses a wrong or missing password (400 on the field) and a visitor (401), changing nothing', async () => {
    const { leaver, otherDevice } = await leaverWithHistory();
    const before = await rowsOf(leaver.id);
    const wrong = await deleteAccount(leaver.client, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Password is incorrect', errors: { password: 'Password is incorrect' } });
    const missing = await deleteAccount(leaver.client, {});
    expect(missing.json()).toEqual({ message: 'Password is required', errors: { password: 'Password is required' } });
    expect((await deleteAccount(t.client(), { password: 'password1' })).statusCode).toBe(401);
    // Without the CSRF token, as every unsafe call.
    expect((await leaver.client.request('DELETE', '/api/user', { body: { password: 'password1' }, csrf: false })).statusCode).toBe(403);
    expect(await rowsOf(leaver.id)).toEqual(before);
    expect(before).toEqual({ sessions: 2, addresses: 1, wallets: 1, follows: 2, saved: 1, users: 1 });
    expect((await leaver.client.get('/api/user')).statusCode).toBe(200);
    expect((await otherDevice.get('/api/user')).statusCode).toBe(200);
  });

  it('deletes the account and what is theirs; their content stays, anonymous to everyone, admins included', async () => {
    const { leaver, otherDevice, thread, named, anonymous } = await leaverWithHistory();
    const { db } = t.database;
    const txHash = `0x${'ab'.repeat(32)}`;
    await db.insert(paymentTransactions).values({ txHash, kind: 'premium_access', userId: leaver.id });
    await db.insert(premiumAccesses).values({ userId: leaver.id, threadId: thread.id, amount: '0.01', currency: 'ETH', txHash });
    const stats = async (user: TestUser) => (await t.client().get(`/api/users/${user.id}/follow-stats`)).json() as { followersCount: number; followingCount: number };
    const [friendBefore, fanBefore] = [await stats(friend), await stats(fan)];

    const response = await deleteAccount(leaver.client, { password: 'password1' });
    expect(response.statusCode).toBe(204);
    expect(response.headers['set-cookie']).toMatch(/hb_session=;/);
    expect((await leaver.client.get('/api/user')).statusCode).toBe(401);
    expect((await otherDevice.get('/api/user')).statusCode).toBe(401);
    expect(await rowsOf(leaver.id)).toEqual({ sessions: 0, addresses: 0, wallets: 0, follows: 0, saved: 0, users: 0 });
    expect((await t.client().get(`/api/users/${leaver.id}`)).statusCode).toBe(404);

    // Other people's counts stay exact.
    expect(await stats(friend)).toEqual({ ...friendBefore, followersCount: friendBefore.followersCount - 1 });
    expect(await stats(fan)).toEqual({ ...fanBefore, followingCount: fanBefore.followingCount - 1 });

    const gone = { userId: null, username: null, isAnonymous: true, isOwn: false };
    for (const viewer of [t.client(), admin.client]) {
      const detail = (await viewer.get(`/api/threads/${thread.id}`)).json();
      expect(detail).toMatchObject({ ...gone, title: 'Named by the leaver' });
      expect(detail.posts).toEqual([expect.objectContaining({ id: named.id, ...gone }), expect.objectContaining({ id: anonymous.id, ...gone })]);
    }
    // Money records outlive the account.
    const [purchase] = await db.select().from(premiumAccesses).where(eq(premiumAccesses.txHash, txHash));
    expect(purchase).toMatchObject({ userId: null, threadId: thread.id });

    // The name is free again, and the old password opens nothing.
    expect((await t.client().login(leaver.username)).statusCode).toBe(401);
    const again = t.client();
    const { id } = await again.register(leaver.username);
    expect(id).not.toBe(leaver.id);
    expect((await again.get(`/api/threads/${thread.id}`)).json()).toMatchObject(gone);
  });
});
