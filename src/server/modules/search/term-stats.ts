import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** What ANALYZE knows of one table's search_vector: how many rows, and how often each common lexeme occurs. */
export interface TermStats {
  rows: number;
  /** Fraction of rows holding each of the most common lexemes (ANALYZE keeps about a thousand). */
  frequencies: Map<string, number>;
  /** Every lexeme missing from `frequencies` occurs in fewer rows than this fraction. */
  rareBelow: number;
}

export type SearchTable = 'threads' | 'posts';

/** Statistics move slowly (autovacuum re-analyzes as tables grow); reading them per query would cost more than it saves. */
const REFRESH_MS = 10 * 60 * 1000;

async function readTermStats(db: Db, table: SearchTable): Promise<TermStats | null> {
  // For tsvector columns, most_common_elem_freqs is the lexemes' frequencies followed by the minimum and the maximum.
  const { rows } = await db.execute<{ lexemes: string[] | null; freqs: number[] | null; rows: number }>(sql`
    SELECT s.most_common_elems::text::text[] AS lexemes, s.most_common_elem_freqs AS freqs, c.reltuples::float8 AS rows
    FROM pg_class c LEFT JOIN pg_stats s ON s.tablename = c.relname AND s.attname = 'search_vector' AND s.schemaname = current_schema()
    WHERE c.relname = ${table} AND c.relnamespace = current_schema()::regnamespace`);
  const row = rows[0];
  if (!row?.lexemes || !row.freqs || row.rows <= 0) return null;
  const frequencies = new Map<string, number>();
  row.lexemes.forEach((lexeme, index) => frequencies.set(lexeme, row.freqs![index]!));
  return { rows: row.rows, frequencies, rareBelow: row.freqs[row.lexemes.length] ?? 0 };
}

/** Per-table statistics, read at most every ten minutes; null until the table has been analyzed. */
export function createTermStatsCache(db: Db) {
  const cache = new Map<SearchTable, { stats: Promise<TermStats | null>; readAt: number }>();
  return function termStats(table: SearchTable): Promise<TermStats | null> {
    const cached = cache.get(table);
    if (cached && Date.now() - cached.readAt < REFRESH_MS) return cached.stats;
    // Without statistics every query takes the index path, which is always correct; a failed read is retried next time.
    const stats = readTermStats(db, table).catch(() => {
      cache.delete(table);
      return null;
    });
    cache.set(table, { stats, readAt: Date.now() });
    return stats;
  };
}
