import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { PostSearchResult, SearchResults, ThreadSearchResult } from '../../../shared/api.js';
import { SEARCH_RESULTS_MAX } from '../../../shared/constants.js';
import { markdownToText } from '../../../shared/markdown/renderer.js';
import type { Db } from '../../db/client.js';
import { queryNamed } from '../../db/named-statement.js';
import { CANDIDATES, chooseStrategy, INDEX_MATCH_LIMIT, RECENT_WALK_LIMIT, recentWalkRows, type SearchStrategy } from './strategy.js';
import { createTermStatsCache, type SearchTable } from './term-stats.js';

const MARK_START = '\u0001';
const MARK_END = '\u0002';
const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * ts_headline marks matches in the raw Markdown. The fragment is read by the one
 * renderer as text (markup gone, spoilers as "[spoiler]": a snippet must not give
 * one away), escaped whole, and only then are the marks turned into <mark>, paired:
 * a mark the text itself held, or one whose partner fell inside a spoiler or a
 * URL, never leaves a tag open.
 */
export function snippetHtml(headline: string): string {
  const escaped = markdownToText(headline).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  let open = false;
  let html = '';
  for (const char of escaped) {
    if (char === MARK_START) {
      if (!open) html += '<mark>';
      open = true;
    } else if (char === MARK_END) {
      if (open) html += '</mark>';
      open = false;
    } else html += char;
  }
  return open ? `${html}</mark>` : html;
}

/**
 * The newest matches of a table, at most CANDIDATES, as the CTE `candidates (id, search_vector)`.
 * Both shapes keep the GIN lookup and the ordering apart (a MATERIALIZED fence, a
 * LIMIT in a subquery), so the planner cannot turn either into the other.
 */
function candidatesCte(table: SearchTable, strategy: SearchStrategy, walkRows = RECENT_WALK_LIMIT): SQL {
  const from = sql.raw(table);
  if (strategy === 'recent') {
    return sql`candidates AS MATERIALIZED (
      SELECT r.id, r.search_vector
      FROM (SELECT id, search_vector FROM ${from} WHERE NOT is_deleted ORDER BY id DESC LIMIT ${sql.raw(String(walkRows))}) r, q
      WHERE r.search_vector @@ q.query
      LIMIT ${sql.raw(String(CANDIDATES))})`;
  }
  return sql`matches AS MATERIALIZED (
      SELECT m.id FROM ${from} m, q WHERE m.search_vector @@ q.query AND NOT m.is_deleted LIMIT ${sql.raw(String(INDEX_MATCH_LIMIT))}),
    candidates AS MATERIALIZED (
      SELECT x.id, x.search_vector FROM (SELECT id FROM matches ORDER BY id DESC LIMIT ${sql.raw(String(CANDIDATES))}) newest
      JOIN ${from} x ON x.id = newest.id)`;
}

const PARSED_QUERIES_KEPT = 10_000;

/**
 * Full-text search over thread titles and bodies and replies; never premium content,
 * never deleted content. The newest matches (at most CANDIDATES) are ranked by
 * ts_rank_cd, and the best SEARCH_RESULTS_MAX get a highlighted snippet. Its statements
 * are named prepared statements (db/named-statement.ts): planning these CTEs took twice
 * as long as running them (2 ms against 0.9 ms at 1M posts). The numbers in them are
 * literals, so a plan never guesses a LIMIT, and the few shapes (table, strategy, walk
 * bound) each get a name of their own.
 */
export function createSearchService(db: Db, pool: pg.Pool) {
  const termStats = createTermStatsCache(db);

  async function searchThreads(query: string, strategy: SearchStrategy, walkRows?: number): Promise<ThreadSearchResult[]> {
    const rows = await queryNamed<{
      id: number;
      title: string;
      content: string;
      created_at: Date | string;
      reply_count: number;
      is_premium: boolean;
      code: string;
      name: string;
      tags: string[];
      headline: string;
    }>(pool, sql`
      WITH q AS (SELECT websearch_to_tsquery('english', ${query}) AS query),
      ${candidatesCte('threads', strategy, walkRows)},
      ranked AS (
        SELECT c.id, ts_rank_cd(c.search_vector, q.query) AS rank FROM candidates c, q
        ORDER BY rank DESC, c.id DESC LIMIT ${sql.raw(String(SEARCH_RESULTS_MAX))}
      )
      SELECT t.id, t.title, t.content, t.created_at, t.reply_count, t.is_premium, b.code, b.name, b.tags,
        ts_headline('english', t.title || ' — ' || t.content, q.query, ${HEADLINE_OPTIONS}) AS headline
      FROM ranked r JOIN threads t ON t.id = r.id JOIN boards b ON b.id = t.board_id, q
      ORDER BY r.rank DESC, r.id DESC`);
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      content: row.content,
      createdAt: new Date(row.created_at).toISOString(),
      replyCount: row.reply_count,
      isPremium: row.is_premium,
      board: { code: row.code, name: row.name, tags: row.tags },
      snippet: snippetHtml(row.headline),
    }));
  }

  async function searchPosts(query: string, strategy: SearchStrategy, walkRows?: number): Promise<PostSearchResult[]> {
    const rows = await queryNamed<{
      id: number;
      thread_id: number;
      thread_title: string;
      content: string;
      created_at: Date | string;
      headline: string;
    }>(pool, sql`
      WITH q AS (SELECT websearch_to_tsquery('english', ${query}) AS query),
      ${candidatesCte('posts', strategy, walkRows)},
      ranked AS (
        SELECT c.id, ts_rank_cd(c.search_vector, q.query) AS rank
        FROM candidates c JOIN posts p ON p.id = c.id JOIN threads t ON t.id = p.thread_id AND NOT t.is_deleted, q
        ORDER BY rank DESC, c.id DESC LIMIT ${sql.raw(String(SEARCH_RESULTS_MAX))}
      )
      SELECT p.id, p.thread_id, t.title AS thread_title, p.content, p.created_at,
        ts_headline('english', p.content, q.query, ${HEADLINE_OPTIONS}) AS headline
      FROM ranked r JOIN posts p ON p.id = r.id JOIN threads t ON t.id = p.thread_id, q
      ORDER BY r.rank DESC, r.id DESC`);
    return rows.map((row) => ({
      id: row.id,
      threadId: row.thread_id,
      threadTitle: row.thread_title,
      content: row.content,
      createdAt: new Date(row.created_at).toISOString(),
      snippet: snippetHtml(row.headline),
    }));
  }

  /** What PostgreSQL makes of a search (its tsquery as text), remembered: the same words always parse the same. */
  const parsed = new Map<string, string>();
  async function parsedQuery(query: string): Promise<string> {
    const known = parsed.get(query);
    if (known !== undefined) return known;
    const rows = await queryNamed<{ text: string }>(pool, sql`SELECT websearch_to_tsquery('english', ${query})::text AS text`);
    const text = rows[0]?.text ?? '';
    if (parsed.size >= PARSED_QUERIES_KEPT) parsed.clear();
    parsed.set(query, text);
    return text;
  }

  /**
   * Searches one table with the strategy its statistics favour. A newest-first walk
   * that finds less than a page means the statistics were off (the matches are
   * sparser than they said), so the index answers instead.
   */
  async function searchTable<T>(
    table: SearchTable,
    query: string,
    queryText: string,
    run: (query: string, strategy: SearchStrategy, walkRows?: number) => Promise<T[]>,
    forced?: SearchStrategy,
  ): Promise<T[]> {
    const stats = forced ? null : await termStats(table);
    const strategy = forced ?? chooseStrategy(queryText, stats);
    const results = await run(query, strategy, recentWalkRows(queryText, stats));
    if (strategy === 'recent' && !forced && results.length < SEARCH_RESULTS_MAX) return run(query, 'index');
    return results;
  }

  return {
    /** `strategy` forces one way of gathering candidates (tests compare the two). */
    async search(query: string, type: 'all' | 'threads' | 'posts', options: { strategy?: SearchStrategy } = {}): Promise<SearchResults> {
      const queryText = await parsedQuery(query);
      // A query of stop words only matches nothing.
      if (queryText === '') return { threads: [], posts: [] };
      const [threads, posts] = await Promise.all([
        type === 'posts' ? [] : searchTable('threads', query, queryText, searchThreads, options.strategy),
        type === 'threads' ? [] : searchTable('posts', query, queryText, searchPosts, options.strategy),
      ]);
      return { threads, posts };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
