import { sql } from 'drizzle-orm';
import type { PostSearchResult, SearchResults, ThreadSearchResult } from '../../../shared/api.js';
import { SEARCH_RESULTS_MAX } from '../../../shared/constants.js';
import type { Db } from '../../db/client.js';

/**
 * How many matches are ranked at most. Ranking needs every candidate's document, so
 * for a word found in half a million posts the candidates are capped; the cap is
 * taken without ORDER BY so PostgreSQL reads the GIN index (a "top N by id" query
 * can instead walk the whole primary key looking for a rare word: the 1.5 s trap).
 */
const CANDIDATES = 2000;
const MARK_START = '\u0001';
const MARK_END = '\u0002';
const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;

/** ts_headline marks matches in raw text; escape it all, then turn the marks into <mark>. */
export function snippetHtml(headline: string): string {
  return headline
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replaceAll(MARK_START, '<mark>')
    .replaceAll(MARK_END, '</mark>');
}

/** Full-text search over thread titles and bodies and replies; never premium content, never deleted content. */
export function createSearchService(db: Db) {
  async function searchThreads(query: string): Promise<ThreadSearchResult[]> {
    const { rows } = await db.execute<{
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
    }>(sql`
      WITH q AS (SELECT websearch_to_tsquery('english', ${query}) AS query),
      candidates AS MATERIALIZED (
        SELECT t.id, t.search_vector FROM threads t, q
        WHERE t.search_vector @@ q.query AND NOT t.is_deleted
        LIMIT ${CANDIDATES}
      ),
      ranked AS (
        SELECT c.id, ts_rank_cd(c.search_vector, q.query) AS rank FROM candidates c, q
        ORDER BY rank DESC, c.id DESC LIMIT ${SEARCH_RESULTS_MAX}
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

  async function searchPosts(query: string): Promise<PostSearchResult[]> {
    const { rows } = await db.execute<{
      id: number;
      thread_id: number;
      thread_title: string;
      content: string;
      created_at: Date | string;
      headline: string;
    }>(sql`
      WITH q AS (SELECT websearch_to_tsquery('english', ${query}) AS query),
      candidates AS MATERIALIZED (
        SELECT p.id, p.search_vector FROM posts p
        JOIN threads t ON t.id = p.thread_id AND NOT t.is_deleted, q
        WHERE p.search_vector @@ q.query AND NOT p.is_deleted
        LIMIT ${CANDIDATES}
      ),
      ranked AS (
        SELECT c.id, ts_rank_cd(c.search_vector, q.query) AS rank FROM candidates c, q
        ORDER BY rank DESC, c.id DESC LIMIT ${SEARCH_RESULTS_MAX}
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

  return {
    async search(query: string, type: 'all' | 'threads' | 'posts'): Promise<SearchResults> {
      const [threads, posts] = await Promise.all([
        type === 'posts' ? [] : searchThreads(query),
        type === 'threads' ? [] : searchPosts(query),
      ]);
      return { threads, posts };
    },
  };
}
