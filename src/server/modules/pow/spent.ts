import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { powSpent } from '../../db/schema.js';
import type { RedisLink } from '../../lib/redis.js';

const REDIS_PREFIX = 'hushboard-pow-spent:';

/**
 * Spent solutions, remembered until their challenge expires so each is used once on
 * every instance (CONTRACT.md sections 9 and 11): in Redis (SET NX PX) while REDIS_URL
 * answers, else in PostgreSQL (pow_spent, insert-or-nothing). While Redis is away the
 * table takes over; a solution spent there could be spent once more in Redis after it
 * returns, within its five minutes: one extra action at most, for the length of an outage.
 */
export function createSpentSolutions(db: Db, redis: RedisLink | undefined) {
  const insert = db
    .insert(powSpent)
    .values({ key: sql.placeholder('key'), expiresAt: sql.placeholder('expiresAt') })
    .onConflictDoNothing()
    .returning({ key: powSpent.key })
    .prepare('pow_spend');

  async function spendInDatabase(key: string, expiresAt: number): Promise<boolean> {
    const rows = await insert.execute({ key, expiresAt: new Date(expiresAt) });
    return rows.length === 1;
  }

  return {
    /** True the first time a solution is spent, false after (until it expires). */
    async spend(key: string, expiresAt: number): Promise<boolean> {
      const ttl = Math.max(1, expiresAt - Date.now());
      if (redis?.usable) {
        try {
          return (await redis.client.set(REDIS_PREFIX + key, '1', 'PX', ttl, 'NX')) === 'OK';
        } catch (error) {
          redis.failed(error as Error);
        }
      }
      return spendInDatabase(key, expiresAt);
    },
  };
}

export type SpentSolutions = ReturnType<typeof createSpentSolutions>;

/** Drops the spent solutions whose challenge has expired (a periodic job). */
export async function pruneSpentSolutions(db: DbOrTx): Promise<number> {
  const result = await db.delete(powSpent).where(sql`${powSpent.expiresAt} <= now()`);
  return result.rowCount ?? 0;
}
