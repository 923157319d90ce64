// (g) A row that should be there and is not. An anonymous item that answers, quotes or
// names an account makes the board tell that account (a notification, its live event):
// anyone holding a dump can recompute whom an item addresses from its text and place,
// and where every other addressed account has its row and this one has none, the one
// left out is the item's author ("no one is told of their own action"). Judged only on
// a board that keeps such rows at all (some addressed account has one), and only for
// live items (deleting content withdraws what it made).
import { GONE, type Snapshot } from '../load.js';
import type { Candidate } from '../types.js';

export function missingRows(snapshot: Snapshot): Candidate[] {
  const told = new Set<string>();
  for (const row of snapshot.accountRows)
    for (const account of row.accounts)
      if (account.role === 'recipient') for (const named of row.items) told.add(`${named.item} ${account.userId}`);
  const expected: { item: string; userId: number }[] = [];
  for (const item of snapshot.items.values()) {
    if (item.deleted) continue;
    for (const userId of item.addresses) if (userId !== GONE) expected.push({ item: item.key, userId });
  }
  if (!expected.some(({ item, userId }) => told.has(`${item} ${userId}`))) return [];
  return expected
    .filter(({ item, userId }) => !told.has(`${item} ${userId}`))
    .map(({ item, userId }) => ({
      method: 'missing-rows' as const,
      class: 'link' as const,
      item,
      userId,
      where: 'no row',
      detail: `${item} addresses the account, and no row tells it, as rows tell the other accounts items address`,
    }));
}
