import { sql } from 'drizzle-orm';
import { TIP_USD_RATES } from '../../../shared/constants.js';
import { toBaseUnits, usdEstimate } from '../../../shared/money.js';
import type { DbOrTx } from '../../db/client.js';
import type { AuthoredPairs } from '../../lib/authored-threads.js';

/** users.total_tips_received is numeric(18, 8): the figures are read and written at 8 decimals. */
const DECIMALS = 8;
const UNIT = 10n ** BigInt(DECIMALS);

/** Base units at 8 decimals as numeric(18, 8) reads them: "12.50000000". */
const asNumeric = (units: bigint) => `${units / UNIT}.${(units % UNIT).toString().padStart(DECIMALS, '0')}`;

/**
 * The USD estimate of the confirmed tips to the author's anonymous threads and posts
 * (CONTRACT.md sections 4 and 13): no account row holds it (a tip to anonymous content
 * moves nothing on the account), so it is found at read time through the author's key:
 * the threads on their sealed list, their tag in each, the content carrying that tag,
 * the tips to it. Each tip is estimated as the settlement estimated the named ones.
 */
export async function anonymousTipsReceived(db: DbOrTx, own: AuthoredPairs): Promise<bigint> {
  const rows = await db.execute<{ amount: string; currency: string }>(sql`
    WITH mine (thread_id, tag) AS ${own.rows}
    SELECT t.amount, t.currency FROM mine
      JOIN threads th ON th.id = mine.thread_id AND th.author_tag = mine.tag AND th.is_anonymous
      JOIN crypto_tips t ON t.thread_id = th.id AND t.post_id IS NULL AND t.status = 'confirmed'
    UNION ALL
    SELECT t.amount, t.currency FROM mine
      JOIN posts p ON p.thread_id = mine.thread_id AND p.author_tag = mine.tag AND p.is_anonymous
      JOIN crypto_tips t ON t.post_id = p.id AND t.status = 'confirmed'`);
  let total = 0n;
  for (const row of rows.rows) {
    const rate = TIP_USD_RATES[row.currency as keyof typeof TIP_USD_RATES];
    if (rate) total += toBaseUnits(usdEstimate(row.amount, rate), DECIMALS);
  }
  return total;
}

/**
 * The owner's full tip figure: the named total kept on their account plus what their
 * key finds for their anonymous writing (`own`: lib/authored-threads.ts authoredPairs).
 * Without it (an admin looking, nothing written anonymously) it is the named total.
 */
export async function fullTipsReceived(db: DbOrTx, namedTotal: string, own: AuthoredPairs | null): Promise<string> {
  const anonymous = own ? await anonymousTipsReceived(db, own) : 0n;
  return asNumeric(toBaseUnits(namedTotal, DECIMALS) + anonymous);
}
