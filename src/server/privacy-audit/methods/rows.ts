// The methods that read the database alone: direct references, shared values, timestamps
// and IP hashes (the order of issue 27's list). Each answers candidate links with where
// they were found; the audit (../audit.ts) counts and judges them.
import { itemColumns, itemTables, type Role } from '../catalog.js';
import { GONE, type Snapshot } from '../load.js';
import type { AccountRow, Candidate, CandidateClass, Item, ItemKey, MethodName } from '../types.js';

/** A moderator's column names who acted on someone else's row (a ban, a resolved report): never its author. */
const classOf = (role: Role, explained: boolean): CandidateClass => (role === 'moderator' || explained ? 'interaction' : 'link');

/**
 * Whether the item itself explains a row naming the account: it is in their named thread,
 * replies to, quotes or mentions them; or it addresses a deleted account's named row and
 * the account is one that no longer exists (its notifications' events outlive it briefly).
 */
function addressed(snapshot: Snapshot, item: Item, userId: number): boolean {
  return item.addresses.has(userId) || (item.addresses.has(GONE) && !snapshot.users.some((user) => user.id === userId));
}

function candidatesFor(method: MethodName, row: AccountRow, item: Item, where: string, detail: string, judge: (role: Role, userId: number) => CandidateClass): Candidate[] {
  return row.accounts.map((account) => ({
    method,
    class: judge(account.role, account.userId),
    item: item.key,
    userId: account.userId,
    where: `${where} (account in ${row.table}.${account.column})`,
    detail,
  }));
}

/** (a) A user reference on the item's own row, or on a row of a table that is the item's own (its reference to the item is unique). */
export function directReferences(snapshot: Snapshot): Candidate[] {
  const found: Candidate[] = [];
  for (const item of snapshot.items.values())
    for (const ref of item.userRefs)
      found.push({ method: 'direct', class: 'link', item: item.key, userId: ref.userId, where: `${item.table}.${ref.column}`, detail: `${item.key} itself` });
  const itemNames = new Set(itemTables(snapshot.tables).map((table) => table.name));
  const sideColumns = new Set<string>();
  for (const table of snapshot.tables.values()) {
    if (itemNames.has(table.name)) continue;
    for (const { column } of itemColumns(table, itemNames)) if (table.uniqueColumns.has(column)) sideColumns.add(`${table.name}.${column}`);
  }
  for (const row of snapshot.accountRows)
    for (const named of row.items) {
      const item = snapshot.items.get(named.item);
      if (item && sideColumns.has(`${row.table}.${named.path}`))
        found.push(...candidatesFor('direct', row, item, `${row.table}.${named.path}`, `${row.ref}, a row of the item's own`, () => 'link'));
    }
  return found;
}

function indexBy(items: Iterable<Item>, valuesOf: (item: Item) => { path: string; value: string }[]) {
  const index = new Map<string, { item: Item; path: string }[]>();
  for (const item of items)
    for (const { path, value } of valuesOf(item)) {
      for (const key of keysOf(value)) {
        const list = index.get(key) ?? [];
        list.push({ item, path });
        index.set(key, list);
      }
    }
  return index;
}

/** A column naming whom a row is addressed to (notifications.recipient_tag). */
const RECIPIENT_COLUMN = /(^|\.)recipient/;

/** A URL or path is also looked up by its last segment (the stored file's name), which another row may keep alone. */
function keysOf(value: string): string[] {
  const slash = value.lastIndexOf('/');
  const base = slash >= 0 ? value.slice(slash + 1) : '';
  return base.length >= 8 && base !== value ? [value, base] : [value];
}

/**
 * (b) Shared values: a token of the item (its author tag, shown poster ID, image URL or
 * file name, any hash-like text or long number) held by a row that names an account;
 * and the item's id named by such a row (a foreign key, or threadId/postId in jsonb).
 * A row naming the item is an interaction when the account acted on it (reported,
 * saved, tipped, replied, bought) or is the one it addresses (a notification of a reply
 * to their named post); a recipient row the item does not address is a link (a
 * notification to the author of what was replied to).
 */
export function sharedValues(snapshot: Snapshot): Candidate[] {
  const found: Candidate[] = [];
  const tokens = indexBy(snapshot.items.values(), (item) => item.tokens);
  for (const row of snapshot.accountRows) {
    for (const atom of row.atoms)
      for (const key of keysOf(atom.value))
        for (const { item, path } of tokens.get(key) ?? [])
          found.push(
            ...candidatesFor('shared-values', row, item, `${row.table}.${atom.path}`, `${row.ref} holds the value of ${path}`, (role) =>
              // The item's tag as the row's recipient, the account as its actor: the
              // account acted on the item (replied to it, quoted it), as in any board.
              role === 'actor' && RECIPIENT_COLUMN.test(atom.path) ? 'interaction' : classOf(role, false),
            ),
          );

    // A row about a post names its thread too: the post is what it is about.
    const aboutPost = row.items.some((named) => named.item.startsWith('posts:'));
    for (const named of row.items) {
      const item = snapshot.items.get(named.item);
      if (!item || (aboutPost && named.item.startsWith('threads:'))) continue;
      found.push(
        ...candidatesFor('shared-values', row, item, `${row.table}.${named.path}`, `${row.ref} names ${item.key}`, (role, userId) =>
          role === 'recipient' && !addressed(snapshot, item, userId) ? 'link' : 'interaction',
        ),
      );
    }
  }
  return found;
}

/**
 * (c) Timestamps: a row naming an account written in the item's transaction (now() is
 * the transaction's start, so equal to the microsecond) or within `windowMs` of it. A
 * row the item itself explains (its named thread bumped, a notification to the account
 * it replies to, quotes or mentions) is an interaction.
 */
export function timestamps(snapshot: Snapshot, windowMs: number): Candidate[] {
  const window = BigInt(Math.round(windowMs * 1000));
  const byTime = [...snapshot.items.values()].filter((item) => item.createdMicros !== null).sort((a, b) => (a.createdMicros! < b.createdMicros! ? -1 : 1));
  const found: Candidate[] = [];
  for (const row of snapshot.accountRows)
    for (const time of row.times) {
      let low = 0;
      let high = byTime.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (byTime[middle]!.createdMicros! < time.micros - window) low = middle + 1;
        else high = middle;
      }
      for (let index = low; index < byTime.length && byTime[index]!.createdMicros! <= time.micros + window; index++) {
        const item = byTime[index]!;
        const delta = time.micros - item.createdMicros!;
        const when = delta === 0n ? 'in the same instant (same transaction)' : `${Number(delta) / 1000} ms after`;
        found.push(
          ...candidatesFor('timestamps', row, item, `${row.table}.${time.column}`, `${row.ref} written ${when} ${item.key}`, (role, userId) =>
            classOf(role, addressed(snapshot, item, userId)),
          ),
        );
      }
    }
  return found;
}

/** (e) IP hashes: the item's ip hash (or its ranges' hashes) on a row that names an account, named content included. */
export function ipHashes(snapshot: Snapshot): Candidate[] {
  const index = indexBy(snapshot.items.values(), (item) => item.ipHashes);
  const found: Candidate[] = [];
  for (const row of snapshot.accountRows)
    for (const atom of row.atoms)
      for (const { item, path } of index.get(atom.value) ?? [])
        found.push(...candidatesFor('ip-hashes', row, item, `${row.table}.${atom.path}`, `${row.ref} holds the hash of ${path}`, (role) => classOf(role, false)));
  return found;
}

export type { ItemKey };
