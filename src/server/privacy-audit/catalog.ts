import type { Queryable } from './types.js';

/**
 * The database as the catalog describes it, learned at run time (information_schema and
 * pg_catalog), so a table or column added after this audit was written is read too.
 */
export interface Column {
  name: string;
  /** information_schema's udt_name: int4, varchar, jsonb, timestamptz, ... */
  type: string;
}

export interface Table {
  name: string;
  columns: Column[];
  primaryKey: string[];
  /** Single-column foreign keys: column -> referenced table. */
  references: Map<string, string>;
  /** Columns that are unique on their own (a unique index or primary key of one column, no predicate). */
  uniqueColumns: Set<string>;
}

export const USERS_TABLE = 'users';

export async function readCatalog(pool: Queryable): Promise<Map<string, Table>> {
  const tables = new Map<string, Table>();
  const columns = await pool.query<{ table_name: string; column_name: string; udt_name: string }>(
    `SELECT c.table_name, c.column_name, c.udt_name
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  for (const row of columns.rows) {
    let table = tables.get(row.table_name);
    if (!table) {
      table = { name: row.table_name, columns: [], primaryKey: [], references: new Map(), uniqueColumns: new Set() };
      tables.set(row.table_name, table);
    }
    table.columns.push({ name: row.column_name, type: row.udt_name });
  }
  const constraints = await pool.query<{ table_name: string; column_name: string; target: string; kind: string; position: number }>(
    `SELECT src.relname AS table_name, a.attname AS column_name, dst.relname AS target, con.contype AS kind, k.position::int AS position
       FROM pg_constraint con
       JOIN pg_class src ON src.oid = con.conrelid
       JOIN pg_namespace n ON n.oid = src.relnamespace
       LEFT JOIN pg_class dst ON dst.oid = con.confrelid
       CROSS JOIN LATERAL unnest(con.conkey) WITH ORDINALITY AS k(attnum, position)
       JOIN pg_attribute a ON a.attrelid = src.oid AND a.attnum = k.attnum
      WHERE n.nspname = current_schema() AND con.contype IN ('f', 'p')
        AND (con.contype = 'p' OR cardinality(con.conkey) = 1)
      ORDER BY src.relname, con.conname, k.position`,
  );
  for (const row of constraints.rows) {
    const table = tables.get(row.table_name);
    if (!table) continue;
    if (row.kind === 'f') table.references.set(row.column_name, row.target);
    else table.primaryKey.push(row.column_name);
  }
  const unique = await pool.query<{ table_name: string; column_name: string }>(
    `SELECT t.relname AS table_name, a.attname AS column_name
       FROM pg_index i
       JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = i.indkey[0]
      WHERE n.nspname = current_schema() AND i.indisunique AND i.indnkeyatts = 1 AND i.indpred IS NULL AND i.indkey[0] <> 0`,
  );
  for (const row of unique.rows) tables.get(row.table_name)?.uniqueColumns.add(row.column_name);
  return tables;
}

/** How an account is named by a row: whose row it is, who acted, who was told, or a moderator acting on someone else. */
export type Role = 'owner' | 'actor' | 'recipient' | 'moderator';

const USER_COLUMN_BY_NAME = /^(user_id|.+_user_id|.+_by_id|(actor|admin|moderator|reporter|follower|following|author|owner|recipient|voter|buyer|sender)_id)$/;
const INTEGER_TYPES = new Set(['int2', 'int4', 'int8']);

/** The columns of a table that hold a user id: a foreign key to users, or an integer column named like one. */
export function userColumns(table: Table): { column: string; role: Role }[] {
  if (table.name === USERS_TABLE) return [];
  const found = table.columns.filter(
    (column) => table.references.get(column.name) === USERS_TABLE || (INTEGER_TYPES.has(column.type) && USER_COLUMN_BY_NAME.test(column.name)),
  );
  const names = found.map((column) => column.name);
  return found.map(({ name }) => ({ column: name, role: roleOf(name, names) }));
}

function roleOf(column: string, siblings: string[]): Role {
  if (/_by_id$|^(admin|moderator)_id$/.test(column)) return 'moderator';
  if (/recipient/.test(column)) return 'recipient';
  if (/^(actor|from_user|sender|reporter|follower|voter|buyer)(_id)?$|^from_/.test(column)) return 'actor';
  // `user_id` beside an actor column is the one the row is addressed to (a notification's recipient).
  if (column === 'user_id' && siblings.some((other) => /^actor_id$|^from_user_id$/.test(other))) return 'recipient';
  return 'owner';
}

/** Tables whose rows are the anonymous items: the ones with an is_anonymous flag (threads, posts). */
export const itemTables = (tables: Map<string, Table>) => [...tables.values()].filter((table) => table.columns.some((column) => column.name === 'is_anonymous'));

const ITEM_COLUMN_BY_NAME = /^(thread_id|post_id|reply_to_id|parent_id|.+_thread_id|.+_post_id)$/;

/** Columns of a table that reference an item table: foreign keys, or integer columns named like one. */
export function itemColumns(table: Table, items: Set<string>): { column: string; target: string }[] {
  const found: { column: string; target: string }[] = [];
  for (const column of table.columns) {
    const target = table.references.get(column.name);
    if (target !== undefined && items.has(target)) found.push({ column: column.name, target });
    else if (target === undefined && INTEGER_TYPES.has(column.type) && ITEM_COLUMN_BY_NAME.test(column.name)) {
      const guessed = /post/.test(column.name) || /reply_to|parent/.test(column.name) ? 'posts' : 'threads';
      if (items.has(guessed)) found.push({ column: column.name, target: guessed });
    }
  }
  return found;
}

/** Keys in jsonb that name an item (activity data, event data, moderation details). */
export const ITEM_KEY_IN_JSON: Record<string, string> = { threadId: 'threads', thread_id: 'threads', postId: 'posts', post_id: 'posts', replyToId: 'posts' };
