import { describe, expect, it } from 'vitest';
import type { ModerationStats } from '../../../shared/api.js';
import { jobRuns } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { createReply, createThread, signUp } from '../../test/factories.js';

const today = () => new Date().toISOString().slice(0, 10);

describe('GET /api/moderation/stats', () => {
  const t = useTestApp();

  it('answers 401 to visitors, 403 to other users, 400 for a period not offered', async () => {
    expect((await t.client().get('/api/moderation/stats?days=7')).statusCode).toBe(401);
    const user = await signUp(t);
    expect((await user.client.get('/api/moderation/stats?days=7')).statusCode).toBe(403);
    const admin = await signUp(t, { admin: true });
    for (const days of ['8', '0', '-7', 'seven', '7.0', '1e1', '']) {
      const response = await admin.client.get(`/api/moderation/stats?days=${days}`);
      expect(response.statusCode, days).toBe(400);
      expect(response.json()).toMatchObject({ message: 'days must be 7, 30 or 90', errors: { days: 'days must be 7, 30 or 90' } });
    }
  });

  it('counts what was created today, zero-fills the other days, oldest first', async () => {
    const admin = await signUp(t, { admin: true });
    const before = (await admin.client.get('/api/moderation/stats?days=30')).json() as ModerationStats;
    const lastBefore = before.days.at(-1)!;

    const author = await signUp(t, { ip: '203.0.113.9' });
    const other = await signUp(t);
    const named = await createThread(t, author, { isAnonymous: false });
    await createThread(t, author, { isAnonymous: true });
    await createReply(author, named.id, { isAnonymous: true });
    await createReply(other, named.id);
    await createReply(other, named.id);
    expect((await other.client.post('/api/reports', { threadId: named.id, reason: 'Spam, plainly' })).statusCode).toBe(201);
    const ipHash = (await admin.client.get(`/api/threads/${named.id}`)).json().ipHash as string;
    expect((await admin.client.post('/api/moderation/ban-ip', { ipHash, reason: 'flood' })).statusCode).toBe(201);
    expect((await author.client.post('/api/bans/appeal', { message: 'I did nothing of the sort, truly.' })).statusCode).toBe(201);
    await t.database.db.insert(jobRuns).values({ name: 'event-log-prune', lastRunAt: new Date(), lastSuccessAt: new Date(), lastDurationMs: 12, failuresInARow: 0 });

    for (const days of [7, 30, 90] as const) {
      const response = await admin.client.get(`/api/moderation/stats?days=${days}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const stats = response.json() as ModerationStats;
      expect(stats.days).toHaveLength(days);
      expect(stats.days.at(-1)!.date).toBe(today());
      // One entry per consecutive UTC day.
      for (let i = 1; i < stats.days.length; i++) {
        expect(Date.parse(`${stats.days[i]!.date}T00:00:00Z`) - Date.parse(`${stats.days[i - 1]!.date}T00:00:00Z`)).toBe(86_400_000);
      }
      // A fresh database: only today has anything.
      for (const day of stats.days.slice(0, -1)) expect(day).toEqual({ date: day.date, posts: 0, threads: 0, accounts: 0, reports: 0, bans: 0, appeals: 0 });
      expect(stats.days.at(-1)).toEqual({
        date: today(),
        posts: lastBefore.posts + 3,
        threads: lastBefore.threads + 2,
        accounts: lastBefore.accounts + 2,
        reports: lastBefore.reports + 1,
        bans: lastBefore.bans + 1,
        appeals: lastBefore.appeals + 1,
      });
      expect(stats.activeBoards).toBeGreaterThanOrEqual(1);
      expect(stats.totalBoards).toBeGreaterThanOrEqual(stats.activeBoards);
      expect(stats.storage.databaseBytes).toBeGreaterThan(0);
      expect(stats.storage.uploadsBytes).toBeGreaterThanOrEqual(0);
      expect(stats.jobs).toContainEqual(expect.objectContaining({ name: 'event-log-prune', lastDurationMs: 12, failuresInARow: 0, lastFailureAt: null }));
    }
    // Counts only: nothing in the answer names a person or an address.
    const text = (await admin.client.get('/api/moderation/stats?days=7')).body;
    for (const secret of [author.username, other.username, ipHash]) expect(text).not.toContain(secret);
  });

  it('defaults to 7 days', async () => {
    const admin = await signUp(t, { admin: true });
    expect(((await admin.client.get('/api/moderation/stats')).json() as ModerationStats).days).toHaveLength(7);
  });
});

