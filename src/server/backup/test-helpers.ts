// Shared by the backup tests: a board with some of everything, an empty database to
// restore into, and every table read in a form two databases can be compared by.
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { expect, inject } from 'vitest';
import { withDatabase } from '../test/global-setup.js';
import type { TestApp } from '../test/app.js';
import { boardId, createReply, createThread, signUp, type TestUser } from '../test/factories.js';

let colour = 0;
/** A PNG no other upload has. */
export const picture = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 20, g: (colour += 13) % 256, b: randomBytes(1)[0] ?? 0 } } })
    .png()
    .toBuffer();

export async function threadWithImage(t: TestApp, user: TestUser, isAnonymous: boolean) {
  const response = await user.client.postForm(
    '/api/threads',
    { boardId: String(await boardId(t)), title: 'A picture thread', content: 'With a picture', isAnonymous: String(isAnonymous) },
    { data: await picture(), fileName: 'p.png', type: 'image/png' },
  );
  if (response.statusCode !== 201) throw new Error(`thread with image: ${response.statusCode} ${response.body}`);
  return response.json() as { id: number };
}

/** Accounts, named and anonymous threads and replies, images, votes, a saved thread and a report. */
export async function fillBoard(t: TestApp): Promise<{ users: TestUser[]; threadIds: number[] }> {
  const users = [await signUp(t), await signUp(t), await signUp(t)];
  const [alice, bob, carol] = users as [TestUser, TestUser, TestUser];
  const threadIds: number[] = [];
  threadIds.push((await threadWithImage(t, alice, false)).id);
  threadIds.push((await threadWithImage(t, bob, true)).id);
  threadIds.push((await createThread(t, carol, { title: 'Anonymous words', content: 'Nobody knows', isAnonymous: true })).id);
  threadIds.push((await createThread(t, alice, { title: 'Named words', content: 'Everybody knows' })).id);
  for (const [index, threadId] of threadIds.entries()) {
    await createReply(bob, threadId, { content: `Reply ${index}`, isAnonymous: index % 2 === 0 });
    await createReply(carol, threadId, { content: `Another reply ${index}` });
  }
  const done = [
    await alice.client.post(`/api/threads/${threadIds[1]}/vote`, { voteType: 1 }),
    await bob.client.post(`/api/threads/${threadIds[0]}/vote`, { voteType: -1 }),
    await carol.client.request('PUT', `/api/threads/${threadIds[0]}/save`),
    await bob.client.post('/api/reports', { threadId: threadIds[3], reason: 'spam' }),
  ];
  for (const response of done) if (response.statusCode >= 300) throw new Error(`${response.statusCode} ${response.body}`);
  return { users, threadIds };
}

/** A database with nothing in it at all (not cloned from the migrated template). */
export async function createEmptyDatabaseUrl(): Promise<string> {
  const name = `${inject('runPrefix')}_bk${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE template0`);
  } finally {
    await admin.end();
  }
  return withDatabase(inject('adminDatabaseUrl'), name);
}

/** Every row of every public table (ordered), and the migrations applied: equal for equal databases. */
export async function readTables(client: pg.ClientBase): Promise<Record<string, unknown[]>> {
  const { rows: tables } = await client.query<{ name: string }>(
    "SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' ORDER BY relname",
  );
  const result: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    const { rows } = await client.query<{ rows: unknown[] }>(`SELECT COALESCE(json_agg(x ORDER BY x::text), '[]') AS rows FROM public."${name}" x`);
    result[name] = rows[0]?.rows ?? [];
  }
  const { rows } = await client.query<{ hashes: string[] }>('SELECT array_agg(hash ORDER BY created_at) AS hashes FROM drizzle.__drizzle_migrations');
  result['drizzle.__drizzle_migrations'] = rows[0]?.hashes ?? [];
  return result;
}

/** The same, inside a snapshot another transaction exported. */
export async function readTablesAt(url: string, snapshotId: string): Promise<Record<string, unknown[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query(`SET TRANSACTION SNAPSHOT '${snapshotId.replace(/'/g, '')}'`);
    const tables = await readTables(client);
    await client.query('COMMIT');
    return tables;
  } finally {
    await client.end();
  }
}

export async function readTablesOf(url: string): Promise<Record<string, unknown[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await readTables(client);
  } finally {
    await client.end();
  }
}

/** Every file of an uploads folder, name to bytes. */
export async function readUploads(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const name of (await readdir(dir).catch(() => [])).filter((entry) => !entry.startsWith('.')).sort()) {
    files.set(name, await readFile(path.join(dir, name)));
  }
  return files;
}

/** The byte offset and size of an entry's data in an (uncompressed) tar. */
export function tarEntry(archive: Buffer, name: string): { offset: number; size: number } {
  for (let at = 0; at + 512 <= archive.length; ) {
    const entryName = archive.subarray(at, at + 100).toString('utf8').replace(/\0.*$/s, '');
    if (!entryName) break;
    const size = parseInt(archive.subarray(at + 124, at + 136).toString('utf8').replace(/\0.*$/s, '').trim(), 8);
    if (entryName === name) return { offset: at + 512, size };
    at += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error(`no ${name} in the archive`);
}

export const expectSameTables = (actual: Record<string, unknown[]>, expected: Record<string, unknown[]>) => {
  expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
  for (const name of Object.keys(expected)) expect(actual[name], `table ${name}`).toEqual(expected[name]);
};
