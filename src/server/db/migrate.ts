import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { projectRoot } from '../lib/paths.js';
import { moveAnonymousMoney } from './anonymous-money.js';
import { escrowAuthorKeys } from './escrow-author-keys.js';
import * as schema from './schema.js';
import { seedBoards } from './seed.js';

export const migrationsFolder = path.join(projectRoot, 'src', 'server', 'db', 'migrations');

/** An arbitrary constant: the advisory lock that keeps two processes from migrating at once. */
export const MIGRATION_LOCK = 7_316_042;

/**
 * Applies the committed migrations and seeds the boards of an empty database, on one
 * connection that holds the migration lock throughout (the server and the CLI may
 * start together). With `secret`, accounts from before sealed authorship get their
 * author key in escrow and their anonymous writing its tags (db/escrow-author-keys.ts),
 * and their money for anonymous writing leaves the account (db/anonymous-money.ts).
 */
export async function prepareDatabase(pool: pg.Pool, options: { secret?: string } = {}): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const db = drizzle({ client, schema, casing: 'snake_case' });
    await migrate(db, { migrationsFolder, migrationsSchema: 'drizzle' });
    await seedBoards(db);
    // Accounts from before sealed authorship get their author key (the escrow needs SECRET).
    if (options.secret !== undefined) {
      await escrowAuthorKeys(db, options.secret);
      // Then their marked addresses and the tips to their anonymous writing leave the account.
      await moveAnonymousMoney(db, options.secret);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
