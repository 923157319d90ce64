// Shared helpers that create users and content the way the product does (through the
// API), with the few privileges a test needs set directly in the database.
import { eq } from 'drizzle-orm';
import { bannedIps, users } from '../db/schema.js';
import type { TestApp, TestClient } from './app.js';

let counter = 0;
export const uniqueName = (prefix = 'u') => `${prefix}${process.pid.toString(36)}${(counter++).toString(36)}`.slice(0, 20);

export interface TestUser {
  id: number;
  username: string;
  client: TestClient;
}

/** Registers a user (signed in on the returned client); optionally an admin or a premium member. */
export async function signUp(t: TestApp, options: { admin?: boolean; premium?: boolean; ip?: string; prefix?: string } = {}): Promise<TestUser> {
  const client = t.client(options.ip ? { ip: options.ip } : {});
  const username = uniqueName(options.prefix ?? 'u');
  const { id } = await client.register(username);
  if (options.admin || options.premium) {
    await t.database.db
      .update(users)
      .set({
        isAdmin: options.admin ?? false,
        isPremium: options.premium ?? false,
        membershipExpiresAt: options.premium ? new Date(Date.now() + 30 * 86_400_000) : null,
      })
      .where(eq(users.id, id));
  }
  return { id, username, client };
}

export const boardIds: Record<string, number> = {};

/** The id of a seeded board by code. */
export async function boardId(t: TestApp, code = 'g'): Promise<number> {
  if (!boardIds[code]) boardIds[code] = ((await t.client().get(`/api/boards/${code}`)).json() as { id: number }).id;
  return boardIds[code]!;
}

/** Creates a thread through the API and returns its JSON. */
export async function createThread(t: TestApp, author: TestUser, fields: Record<string, unknown> = {}) {
  const response = await author.client.post('/api/threads', {
    boardId: await boardId(t),
    title: 'A thread title',
    content: 'Some thread content',
    ...fields,
  });
  if (response.statusCode !== 201) throw new Error(`create thread failed: ${response.statusCode} ${response.body}`);
  return response.json() as { id: number; [key: string]: unknown };
}

export async function createReply(author: TestUser, threadId: number, fields: Record<string, unknown> = {}) {
  const response = await author.client.post('/api/posts', { threadId, content: 'A reply', ...fields });
  if (response.statusCode !== 201) throw new Error(`reply failed: ${response.statusCode} ${response.body}`);
  return response.json() as { id: number; [key: string]: unknown };
}

/**
 * Bans directly in the database, as another instance would, and waits until this app's
 * in-memory ban list has heard of it (the trigger's NOTIFY, a few ms later).
 */
export async function insertBan(t: TestApp, values: typeof bannedIps.$inferInsert): Promise<void> {
  await t.database.db.insert(bannedIps).values(values);
  const key = values.rangeHash ?? values.ipHash;
  const deadline = Date.now() + 10_000;
  const { banList } = t.app.services;
  while (!(banList.current && banList.mayCover([key]))) {
    if (Date.now() > deadline) throw new Error('the ban list never heard of the ban');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
