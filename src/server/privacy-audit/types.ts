import type pg from 'pg';
import type { Role } from './catalog.js';

/** What the audit needs of a pool: `pg.Pool` or `pg.Client`. */
export type Queryable = Pick<pg.Pool, 'query'>;

/** `threads:12`, `posts:5`: an anonymous item, by its table and id. */
export type ItemKey = string;
export const itemKey = (table: string, id: number | string): ItemKey => `${table}:${id}`;

export type MethodName = 'direct' | 'shared-values' | 'timestamps' | 'poster-ids' | 'ip-hashes' | 'log' | 'missing-rows';
export const METHODS: MethodName[] = ['direct', 'shared-values', 'timestamps', 'poster-ids', 'ip-hashes', 'log', 'missing-rows'];

/**
 * - `link`: evidence that the account wrote the item; any one fails the audit.
 * - `interaction`: a row saying the account acted on the item or was told about it (a
 *   report, a save, a tip sent, a reply to it, a notification about a reply to their own
 *   named post): what a board is for, so it does not fail the audit on its own; in
 *   ground-truth mode one that points at the real author fails it.
 * - `escrow`: the author key of an account that has not signed in since sealed
 *   authorship opens with SECRET; allowed, printed as a notice.
 */
export type CandidateClass = 'link' | 'interaction' | 'escrow';

export interface Candidate {
  method: MethodName;
  class: CandidateClass;
  item: ItemKey;
  userId: number;
  /** Where it was found: `table.column` (or `log`), never the value itself. */
  where: string;
  /** The row (table and primary key) or log line, and what matched: no values, keys or secrets. */
  detail: string;
}

/** One row that names an account, as the methods read it. */
export interface AccountRow {
  table: string;
  ref: string;
  accounts: { userId: number; column: string; role: Role }[];
  /** Leaf values (columns, and jsonb walked: `data.threadId`), as text. */
  atoms: { path: string; value: string }[];
  /** Timestamp columns in microseconds since the epoch. */
  times: { column: string; micros: bigint }[];
  /** Items the row names: by foreign key, by column name, or by a jsonb key. */
  items: { item: ItemKey; path: string }[];
}

export interface Item {
  key: ItemKey;
  table: string;
  id: number;
  threadId: number;
  createdMicros: bigint | null;
  /** Deleted (what it made was withdrawn with it). */
  deleted: boolean;
  authorTag: string | null;
  /** The poster ID its thread page shows (from its author tag). */
  posterId: string | null;
  /** User-referencing columns that are set on the row itself. */
  userRefs: { userId: number; column: string }[];
  /** Values of at least 8 characters that are not prose (tokens, hashes, URLs, long numbers), ip hashes excluded. */
  tokens: { path: string; value: string }[];
  /** Its ip hash and the hashes of its ranges (subnet, wide), when kept. */
  ipHashes: { path: string; value: string }[];
  /** The accounts the item itself addresses: its named thread's author, its named parent's, the ones it quotes or @mentions. */
  addresses: Set<number>;
}
