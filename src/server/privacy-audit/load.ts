import { referencesIn } from '../../shared/post-text.js';
import { posterIdOfTag } from '../lib/author-key.js';
import { type Table, ITEM_KEY_IN_JSON, itemColumns, itemTables, readCatalog, USERS_TABLE, userColumns } from './catalog.js';
import { type AccountRow, type Item, type ItemKey, itemKey, type Queryable } from './types.js';

/** Everything the methods compare, read once. */
export interface Snapshot {
  tables: Map<string, Table>;
  items: Map<ItemKey, Item>;
  accountRows: AccountRow[];
  users: { id: number; username: string; escrow: string | null }[];
  /** Session row ids (SHA-256 of the cookie token) -> user, for the log. */
  sessions: Map<string, number>;
}

const TIME_TYPES = new Set(['timestamptz', 'timestamp']);
const SKIPPED_TYPES = new Set(['tsvector', 'bool']);
/** Columns holding an IP hash or a range's: compared by the ip-hashes method, not as shared values. */
export const IP_COLUMN = /(^|_)(ip_hash|range_hash|subnet_hash|wide_hash)$/;
const USER_TOPIC = /^user:(\d+)$/;
/** In an item's addresses: a named row of a deleted account (which a row about the item may still name, by its old id). */
export const GONE = -1;

type Row = Record<string, unknown>;

async function readTable(pool: Queryable, table: Table): Promise<Row[]> {
  const select = table.columns
    .filter((column) => column.type !== 'tsvector')
    .map(({ name, type }) => {
      const quoted = `"${name.replaceAll('"', '""')}"`;
      // Microseconds: rows of one transaction share now() exactly, which milliseconds would blur.
      if (TIME_TYPES.has(type)) return `(extract(epoch from ${quoted}) * 1000000)::bigint::text AS ${quoted}`;
      if (type === 'bytea') return `encode(${quoted}, 'hex') AS ${quoted}`;
      return quoted;
    });
  if (select.length === 0) return [];
  const result = await pool.query<Row>(`SELECT ${select.join(', ')} FROM "${table.name.replaceAll('"', '""')}"`);
  return result.rows;
}

/** A value that could identify something: at least 8 characters, not prose, not a small number. */
export function isToken(value: string): boolean {
  if (/\s/.test(value)) return false;
  if (/^-?\d+(\.\d+)?$/.test(value)) return value.replace(/^-/, '').replace(/\.0*$|(\.\d*?)0+$/, '$1').replace('.', '').replace(/^0+/, '').length >= 8;
  return value.length >= 8 && /[\d/]/.test(value);
}

/** Leaf values of a cell, jsonb and arrays walked, each with its path. */
export function atomsOf(path: string, value: unknown, out: { path: string; value: string }[] = []): { path: string; value: string }[] {
  if (value === null || value === undefined) return out;
  if (Array.isArray(value)) value.forEach((entry, index) => atomsOf(`${path}[${index}]`, entry, out));
  else if (typeof value === 'object' && !(value instanceof Date)) for (const [key, entry] of Object.entries(value)) atomsOf(`${path}.${key}`, entry, out);
  else out.push({ path, value: value instanceof Date ? value.toISOString() : String(value as string | number | boolean) });
  return out;
}

const refOf = (table: Table, row: Row, index: number) =>
  table.primaryKey.length > 0 ? `${table.name}#${table.primaryKey.map((key) => String(row[key] as string | number)).join(',')}` : `${table.name}[${index}]`;

/** The jsonb keys naming items, walked. */
function jsonItems(path: string, value: unknown, out: { item: ItemKey; path: string }[]) {
  if (value === null || typeof value !== 'object') return;
  for (const [key, entry] of Object.entries(value)) {
    const target = ITEM_KEY_IN_JSON[key];
    if (target && (typeof entry === 'number' || (typeof entry === 'string' && /^\d+$/.test(entry)))) out.push({ item: itemKey(target, entry), path: `${path}.${key}` });
    else jsonItems(`${path}.${key}`, entry, out);
  }
}

export async function loadSnapshot(pool: Queryable): Promise<Snapshot> {
  const tables = await readCatalog(pool);
  const itemTableNames = new Set(itemTables(tables).map((table) => table.name));
  const rowsOf = new Map<string, Row[]>();
  for (const table of tables.values()) rowsOf.set(table.name, await readTable(pool, table));

  const users = (rowsOf.get(USERS_TABLE) ?? []).map((row) => ({
    id: Number(row.id),
    username: String(row.username),
    escrow: typeof row.author_key_escrow === 'string' ? row.author_key_escrow : null,
  }));
  const userByName = new Map(users.map((user) => [user.username.toLowerCase(), user.id]));
  const sessions = new Map<string, number>();
  for (const row of rowsOf.get('sessions') ?? []) if (typeof row.id === 'string' && row.user_id != null) sessions.set(row.id, Number(row.user_id));

  // Who a named thread or post belongs to, for the addressing rule (an item replying to, quoting or mentioning an account).
  const namedOwner = new Map<ItemKey, number>();
  for (const name of itemTableNames) {
    const table = tables.get(name)!;
    const owners = userColumns(table).filter((column) => column.role === 'owner');
    for (const row of rowsOf.get(name)!) {
      const owner = owners.map((column) => row[column.column]).find((value) => value != null);
      // A deleted account's named rows stay, without owner, anonymous and untagged: what
      // answers them addresses an account that is gone.
      if (row.is_anonymous !== true) namedOwner.set(itemKey(name, row.id as number), owner == null ? GONE : Number(owner));
      else if (row.author_tag == null && owner == null) namedOwner.set(itemKey(name, row.id as number), GONE);
    }
  }

  // Range hashes kept beside an ip hash (a table with an ip_hash and other hash columns, naming no account).
  const ipFamily = new Map<string, { path: string; value: string }[]>();
  for (const table of tables.values()) {
    if (userColumns(table).length > 0 || itemTableNames.has(table.name)) continue;
    const hashColumns = table.columns.filter((column) => IP_COLUMN.test(column.name) && column.name !== 'ip_hash');
    if (!table.columns.some((column) => column.name === 'ip_hash') || hashColumns.length === 0) continue;
    for (const row of rowsOf.get(table.name)!) {
      if (typeof row.ip_hash !== 'string') continue;
      const family = ipFamily.get(row.ip_hash) ?? [];
      for (const column of hashColumns) if (typeof row[column.name] === 'string') family.push({ path: `${table.name}.${column.name}`, value: row[column.name] as string });
      ipFamily.set(row.ip_hash, family);
    }
  }

  const items = new Map<ItemKey, Item>();
  const accountRows: AccountRow[] = [];
  for (const table of tables.values()) {
    const users_ = userColumns(table);
    const itemRefs = itemColumns(table, itemTableNames);
    const isItemTable = itemTableNames.has(table.name);
    const rows = rowsOf.get(table.name)!;
    rows.forEach((row, index) => {
      if (isItemTable && row.is_anonymous === true) {
        items.set(itemKey(table.name, row.id as number), itemOf(table, row, itemRefs, ipFamily, namedOwner, userByName));
        return;
      }
      const accounts: AccountRow['accounts'] = [];
      if (table.name === USERS_TABLE) accounts.push({ userId: Number(row.id), column: 'id', role: 'owner' });
      for (const { column, role } of users_) if (row[column] != null) accounts.push({ userId: Number(row[column]), column, role });
      const atoms: AccountRow['atoms'] = [];
      const times: AccountRow['times'] = [];
      const named: AccountRow['items'] = [];
      for (const column of table.columns) {
        const value = row[column.name];
        if (value == null || SKIPPED_TYPES.has(column.type)) continue;
        if (TIME_TYPES.has(column.type)) {
          times.push({ column: column.name, micros: BigInt(value as string) });
          continue;
        }
        atomsOf(column.name, value, atoms);
        if (column.type === 'jsonb' || column.type === 'json') jsonItems(column.name, value, named);
        const topic = typeof value === 'string' ? USER_TOPIC.exec(value) : null;
        if (topic) accounts.push({ userId: Number(topic[1]), column: column.name, role: 'recipient' });
      }
      if (accounts.length === 0) return;
      for (const { column, target } of itemRefs) if (row[column] != null) named.push({ item: itemKey(target, row[column] as number), path: column });
      accountRows.push({ table: table.name, ref: refOf(table, row, index), accounts, atoms, times, items: named });
    });
  }
  return { tables, items, accountRows, users, sessions };
}

function itemOf(
  table: Table,
  row: Row,
  itemRefs: { column: string; target: string }[],
  ipFamily: Map<string, { path: string; value: string }[]>,
  namedOwner: Map<ItemKey, number>,
  userByName: Map<string, number>,
): Item {
  const id = Number(row.id);
  const threadRef = itemRefs.find((ref) => ref.target !== table.name && /thread/.test(ref.column));
  const threadId = threadRef ? Number(row[threadRef.column]) : id;
  const authorTag = typeof row.author_tag === 'string' ? row.author_tag : null;
  const refColumns = new Set(itemRefs.map((ref) => ref.column));
  const tokens: Item['tokens'] = [];
  const ipHashes: Item['ipHashes'] = [];
  const userRefs: Item['userRefs'] = [];
  for (const { column } of userColumns(table)) if (row[column] != null) userRefs.push({ userId: Number(row[column]), column });
  for (const column of table.columns) {
    const value = row[column.name];
    if (value == null || column.name === 'id' || refColumns.has(column.name) || SKIPPED_TYPES.has(column.type) || TIME_TYPES.has(column.type)) continue;
    // Foreign keys (its board, its author when set: the direct method's) are ids, not values to trace.
    if (table.references.has(column.name)) continue;
    if (IP_COLUMN.test(column.name)) {
      ipHashes.push({ path: `${table.name}.${column.name}`, value: String(value) });
      for (const ranged of ipFamily.get(String(value)) ?? []) ipHashes.push(ranged);
      continue;
    }
    for (const atom of atomsOf(`${table.name}.${column.name}`, value)) if (isToken(atom.value)) tokens.push(atom);
  }
  const posterId = authorTag === null ? null : posterIdOfTag(authorTag);
  if (posterId !== null) tokens.push({ path: `${table.name}.poster_id (shown)`, value: posterId });

  // The accounts this item itself addresses: a notification or a bump naming them is about that, not its author.
  const addresses = new Set<number>();
  const add = (owner: number | undefined) => owner !== undefined && addresses.add(owner);
  if (threadRef) add(namedOwner.get(itemKey(threadRef.target, threadId)));
  const parent = itemRefs.find((ref) => ref.target === table.name);
  if (parent && row[parent.column] != null) add(namedOwner.get(itemKey(table.name, row[parent.column] as number)));
  const text = [row.content, row.title].filter((value): value is string => typeof value === 'string').join('\n');
  const { quotedPostIds, mentionedUsernames } = referencesIn(text);
  for (const quoted of quotedPostIds) add(namedOwner.get(itemKey('posts', quoted)));
  // A name no account holds any more may be a deleted account's.
  for (const name of mentionedUsernames) add(userByName.get(name) ?? GONE);
  const createdMicros = typeof row.created_at === 'string' ? BigInt(row.created_at) : null;
  return { key: itemKey(table.name, id), table: table.name, id, threadId, createdMicros, deleted: row.is_deleted === true, authorTag, posterId, userRefs, tokens, ipHashes, addresses };
}
