import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { TIP_USD_RATES } from '../../shared/constants.js';
import { toBaseUnits, usdEstimate } from '../../shared/money.js';
import { addMarkedAddress, readMarkedAddresses, sameAddress, syncPayees } from '../lib/anonymous-addresses.js';
import { unescrow } from '../lib/author-key.js';
import { listAuthoredThreads } from '../lib/authored-threads.js';
import type { DbOrTx } from './client.js';
import type * as schema from './schema.js';

type Db = NodePgDatabase<typeof schema>;

/** Accounts per transaction. */
const BATCH = 100;

/**
 * The data half of migration 0013 (CONTRACT.md section 13), run at every start after
 * db/escrow-author-keys.ts under the migration lock; it does nothing once done.
 *
 * 1. Addresses marked for anonymous posts leave crypto_addresses (an account-side row):
 *    an account whose key is in escrow gets them in its sealed list (same id and date)
 *    and its anonymous threads' payees; an address that is also on the account (a named
 *    address, a linked wallet) would link them, and is dropped. An account whose key is
 *    no longer in escrow (it signed in since 0012) cannot be keyed here: its marked
 *    addresses are dropped, and its owner marks one again. Since 0012 the anonymous
 *    look-ups could not reach them anyway (anonymous rows hold no user id).
 * 2. Tips to anonymous content lose their recipient, and each recipient's stored totals
 *    are counted again from the tips that still name them (named content only): the
 *    owner's full figure adds the rest through their key (modules/crypto/own-tips.ts).
 */
export async function moveAnonymousMoney(db: Db, secret: string): Promise<{ addresses: number; tips: number }> {
  let addresses = 0;
  for (;;) {
    const owners = await db.execute<{ user_id: number; escrow: string | null }>(sql`
      SELECT DISTINCT a.user_id, u.author_key_escrow AS escrow FROM crypto_addresses a JOIN users u ON u.id = a.user_id
      WHERE a.use_for_anonymous ORDER BY a.user_id LIMIT ${BATCH}`);
    if (owners.rows.length === 0) break;
    await db.transaction(async (tx) => {
      for (const owner of owners.rows) {
        const marked = await tx.execute<{ id: number; currency: string; address: string; created_at: Date }>(
          sql`DELETE FROM crypto_addresses WHERE user_id = ${owner.user_id} AND use_for_anonymous RETURNING id, currency, address, created_at`,
        );
        addresses += marked.rows.length;
        if (owner.escrow === null) continue;
        const key = unescrow(owner.escrow, secret);
        if (!key) throw new Error('an author key in escrow does not open with this SECRET: start with the SECRET the database was made with');
        const onAccount = await tx.execute<{ address: string }>(sql`
          SELECT address FROM crypto_addresses WHERE user_id = ${owner.user_id}
          UNION ALL SELECT address FROM wallet_links WHERE user_id = ${owner.user_id}`);
        let list = await readMarkedAddresses(tx, key);
        for (const row of [...marked.rows].sort((a, b) => a.id - b.id)) {
          if (onAccount.rows.some((other) => sameAddress(other.address, row.address))) continue;
          if (list.addresses.some((entry) => entry.id === row.id)) continue;
          await addMarkedAddress(tx, key, { id: row.id, currency: row.currency, address: row.address, createdAt: new Date(row.created_at).toISOString() }, list);
          list = await readMarkedAddresses(tx, key);
        }
        await syncPayees(tx, key, (await listAuthoredThreads(tx, key)).threadIds, list.addresses);
      }
    });
  }

  let tips = 0;
  for (;;) {
    const moved = await db.transaction(async (tx) => {
      const unlinked = await tx.execute<{ recipient: number }>(sql`
        WITH anonymous AS (
          SELECT t.id FROM crypto_tips t
          LEFT JOIN posts p ON p.id = t.post_id
          LEFT JOIN threads th ON th.id = t.thread_id
          WHERE t.recipient_user_id IS NOT NULL AND (CASE WHEN t.post_id IS NOT NULL THEN p.is_anonymous ELSE th.is_anonymous END)
          LIMIT 5000)
        UPDATE crypto_tips t SET recipient_user_id = NULL
        FROM anonymous a, crypto_tips before
        WHERE t.id = a.id AND before.id = a.id
        RETURNING before.recipient_user_id AS recipient`);
      if (unlinked.rows.length === 0) return 0;
      await recountReceived(tx, [...new Set(unlinked.rows.map((row) => row.recipient))]);
      return unlinked.rows.length;
    });
    if (moved === 0) break;
    tips += moved;
  }
  return { addresses, tips };
}

/** The named tip totals of these users, from the confirmed tips naming them, estimated as the settlement does. */
async function recountReceived(tx: DbOrTx, userIds: number[]): Promise<void> {
  const rows = await tx.execute<{ user_id: number; amount: string; currency: string }>(sql`
    SELECT recipient_user_id AS user_id, amount, currency FROM crypto_tips
    WHERE recipient_user_id = ANY(${sql.param(userIds)}::int[]) AND status = 'confirmed'`);
  const totals = new Map<number, bigint>(userIds.map((id) => [id, 0n]));
  for (const row of rows.rows) {
    const rate = TIP_USD_RATES[row.currency as keyof typeof TIP_USD_RATES];
    if (rate) totals.set(row.user_id, totals.get(row.user_id)! + toBaseUnits(usdEstimate(row.amount, rate), 8));
  }
  const ids = [...totals.keys()];
  const values = ids.map((id) => {
    const units = totals.get(id)!;
    return `${units / 100_000_000n}.${(units % 100_000_000n).toString().padStart(8, '0')}`;
  });
  await tx.execute(sql`
    UPDATE users SET total_tips_received = v.total::numeric, public_tips_received = v.total::numeric
    FROM unnest(${sql.param(ids)}::int[], ${sql.param(values)}::text[]) AS v(id, total)
    WHERE users.id = v.id`);
}
