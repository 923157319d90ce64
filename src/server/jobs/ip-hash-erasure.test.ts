import { eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bannedIps, ipHashPrefixes, posts, threads } from '../db/schema.js';
import { useTestApp } from '../test/app.js';
import { createReply, createThread, signUp, type TestUser } from '../test/factories.js';
import { eraseOldIpHashes } from './ip-hash-erasure.js';

const t = useTestApp();
let user: TestUser;

beforeAll(async () => {
  user = await signUp(t, { ip: '192.0.2.50' });
});

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

describe('eraseOldIpHashes', () => {
  it('erases hashes older than 90 days from content, keeps newer ones and bans, and is idempotent', async () => {
    const { db } = t.database;
    const old = await createThread(t, user);
    const recent = await createThread(t, user);
    const oldReply = await createReply(user, recent.id);
    const recentReply = await createReply(user, recent.id);
    const hash = (await db.select({ ipHash: threads.ipHash }).from(threads).where(eq(threads.id, old.id)))[0]!.ipHash!;
    await db.insert(bannedIps).values({ ipHash: hash, reason: 'kept', bannedAt: daysAgo(400) });

    await db.update(threads).set({ createdAt: daysAgo(91) }).where(eq(threads.id, old.id));
    await db.update(threads).set({ createdAt: daysAgo(89) }).where(eq(threads.id, recent.id));
    await db.update(posts).set({ createdAt: daysAgo(120) }).where(eq(posts.id, oldReply.id));
    // Far apart ids, so the walk crosses several windows and their edges.
    const far = await db.execute<{ id: number }>(sql`
      INSERT INTO posts (id, thread_id, content, ip_hash, created_at) OVERRIDING SYSTEM VALUE
      VALUES (10001, ${recent.id}, 'far', ${hash}, ${daysAgo(200).toISOString()}),
             (20000, ${recent.id}, 'far', ${hash}, ${daysAgo(200).toISOString()}),
             (20001, ${recent.id}, 'far', ${hash}, ${daysAgo(1).toISOString()})
      RETURNING id`);
    expect(far.rows).toHaveLength(3);

    // Created old: the old thread, the old reply and the two far old posts.
    // Its prefix row looks old, but newer content still carries the hash: it stays.
    await db.update(ipHashPrefixes).set({ lastSeenAt: daysAgo(200) });
    expect(await eraseOldIpHashes(db)).toEqual({ threads: 1, posts: 3, appeals: 0, prefixes: 0 });
    expect(await db.$count(ipHashPrefixes, eq(ipHashPrefixes.ipHash, hash))).toBe(1);

    const threadHashes = await db.select({ id: threads.id, ipHash: threads.ipHash }).from(threads).where(inArray(threads.id, [old.id, recent.id]));
    expect(Object.fromEntries(threadHashes.map((row) => [row.id, row.ipHash]))).toEqual({ [old.id]: null, [recent.id]: hash });
    const postHashes = await db
      .select({ id: posts.id, ipHash: posts.ipHash })
      .from(posts)
      .where(inArray(posts.id, [oldReply.id, recentReply.id, 10001, 20000, 20001]));
    expect(Object.fromEntries(postHashes.map((row) => [row.id, row.ipHash]))).toEqual({
      [oldReply.id]: null,
      [recentReply.id]: hash,
      10001: null,
      20000: null,
      20001: hash,
    });
    expect((await db.select({ ipHash: bannedIps.ipHash }).from(bannedIps))[0]!.ipHash).toBe(hash);

    const remaining = await db.$count(posts, isNotNull(posts.ipHash));
    expect(await eraseOldIpHashes(db)).toEqual({ threads: 0, posts: 0, appeals: 0, prefixes: 0 });
    expect(await db.$count(posts, isNotNull(posts.ipHash))).toBe(remaining);

    // A year on, everything has aged out; the ban still keeps its hash.
    const later = await eraseOldIpHashes(db, new Date(Date.now() + 365 * 86_400_000));
    expect(later.threads).toBeGreaterThan(0);
    for (const table of [threads, posts]) expect(await db.$count(table, isNotNull(table.ipHash))).toBe(0);
    // The prefix hashes went with them (the ban keeps its own hash).
    expect(later.prefixes).toBeGreaterThan(0);
    expect(await db.$count(ipHashPrefixes)).toBe(0);
    expect(await db.$count(bannedIps, eq(bannedIps.ipHash, hash))).toBe(1);
  });
});
