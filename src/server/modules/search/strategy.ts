import type { TermStats } from './term-stats.js';

/**
 * How a search gathers its candidates, newest first:
 * - `index`: every match from the GIN index, then the newest of them. Cheap when
 *   matches are few; for a word in most posts the index hands back a million row
 *   pointers before the first row is read.
 * - `recent`: walk the rows newest first and keep those that match, stopping at the
 *   candidate count. Cheap when matches are dense; for a rare or absent word it would
 *   read the whole table (the planner trap), so it is bounded and only chosen when the
 *   statistics say the matches are dense enough to be found within the bound.
 */
export type SearchStrategy = 'index' | 'recent';

/** How many matches are ranked at most: the newest this many. */
export const CANDIDATES = 64;
/** At most this many rows are walked newest first. */
export const RECENT_WALK_LIMIT = 40_000;
/** At most this many index matches are sorted by age (more only when statistics were wrong). */
export const INDEX_MATCH_LIMIT = 10_000;

// Relative costs per row, measured on PostgreSQL 15-17 (bench at 1M posts).
const WALK_COST = 0.7;
const POSTING_COST = 0.1;
const MATCH_COST = 2;

interface Estimate {
  /** Fraction of rows that match. */
  matching: number;
  /** Row pointers the GIN index reads, as a fraction of rows (1 = a full index scan). */
  postings: number;
}

type Token = { lexeme: string } | { op: '&' | '|' | '!' | '(' | ')' };

/** Tokens of a tsquery's text form, e.g. `'cat' & !( 'dog':* <-> 'it''s' )`. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < text.length; ) {
    const char = text[i]!;
    if (char === "'") {
      let lexeme = '';
      for (i++; i < text.length; i++) {
        if (text[i] === "'" && text[i + 1] === "'") lexeme += text[i++];
        else if (text[i] === "'") break;
        else lexeme += text[i];
      }
      i++;
      while (i < text.length && /[:*A-D]/.test(text[i]!)) i++; // prefix and weight marks
      tokens.push({ lexeme });
    } else if (char === '<') {
      // A phrase operator (<->, <2>, ...): for counting, at least as narrow as AND.
      i = text.indexOf('>', i) + 1 || text.length;
      tokens.push({ op: '&' });
    } else if (char === '&' || char === '|' || char === '!' || char === '(' || char === ')') {
      tokens.push({ op: char });
      i++;
    } else i++;
  }
  return tokens;
}

/** Estimates a tsquery's matches from the lexeme frequencies ANALYZE gathered. */
export function estimate(queryText: string, stats: TermStats): Estimate {
  const tokens = tokenize(queryText);
  let position = 0;
  const peek = () => tokens[position] as { op?: string; lexeme?: string } | undefined;
  const frequencyOf = (lexeme: string) => stats.frequencies.get(lexeme) ?? Math.max(stats.rareBelow / 2, 1 / stats.rows);

  // Grammar (tsquery precedence): or := and ('|' and)*; and := not ('&' not)*; not := '!' not | '(' or ')' | lexeme.
  function parseNot(): Estimate & { negated: boolean } {
    const token = peek();
    position++;
    if (token?.op === '!') {
      const inner = parseNot();
      return { matching: 1 - inner.matching, postings: 1, negated: true };
    }
    if (token?.op === '(') {
      const inner = parseOr();
      if (peek()?.op === ')') position++;
      return { ...inner, negated: false };
    }
    const matching = token?.lexeme !== undefined ? frequencyOf(token.lexeme) : 0;
    return { matching, postings: matching, negated: false };
  }
  function parseAnd(): Estimate {
    const parts = [parseNot()];
    while (peek()?.op === '&') {
      position++;
      parts.push(parseNot());
    }
    const positive = parts.filter((part) => !part.negated);
    return {
      matching: parts.reduce((product, part) => product * part.matching, 1),
      // GIN reads the positive terms' lists and checks the negated ones on those rows; with none positive it scans it all.
      postings: positive.length > 0 ? positive.reduce((sum, part) => sum + part.postings, 0) : 1,
    };
  }
  function parseOr(): Estimate {
    const parts = [parseAnd()];
    while (peek()?.op === '|') {
      position++;
      parts.push(parseAnd());
    }
    return {
      matching: 1 - parts.reduce((product, part) => product * (1 - part.matching), 1),
      postings: parts.reduce((sum, part) => sum + part.postings, 0),
    };
  }
  return tokens.length === 0 ? { matching: 0, postings: 0 } : parseOr();
}

/** The cheaper strategy by the statistics; without statistics (a young table) the index, which is never wrong. */
export function chooseStrategy(queryText: string, stats: TermStats | null): SearchStrategy {
  if (!stats) return 'index';
  const { matching, postings } = estimate(queryText, stats);
  if (matching <= 0) return 'index';
  const walked = Math.min(stats.rows, CANDIDATES / matching);
  if (walked > RECENT_WALK_LIMIT) return 'index';
  const walkCost = walked * WALK_COST;
  const indexCost = Math.min(postings, 1) * stats.rows * POSTING_COST + Math.min(matching * stats.rows, INDEX_MATCH_LIMIT) * MATCH_COST;
  return walkCost < indexCost ? 'recent' : 'index';
}

/**
 * How many rows a newest-first walk may read: RECENT_WALK_LIMIT, or a quarter of a
 * smaller table. The bound is what the planner sees: given a LIMIT near the size of
 * a small table (threads), it sorts the whole table instead of reading the primary
 * key backwards. Past four times what the statistics say the walk needs, the walk
 * stays generous: the newest rows can differ from the average (a flood of replies in
 * one thread), and a short walk would then fall back to the index for nothing.
 */
export function recentWalkRows(queryText: string, stats: TermStats | null): number {
  if (!stats) return 2 ** Math.floor(Math.log2(RECENT_WALK_LIMIT));
  const { matching } = estimate(queryText, stats);
  const needed = matching > 0 ? Math.ceil((4 * CANDIDATES) / matching) : RECENT_WALK_LIMIT;
  // Rounded down to a power of two: each bound is a prepared statement of its own, so only a few may exist.
  return 2 ** Math.floor(Math.log2(Math.max(CANDIDATES, Math.min(RECENT_WALK_LIMIT, Math.max(needed, Math.floor(stats.rows / 4))))));
}
