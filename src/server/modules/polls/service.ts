import { sql } from 'drizzle-orm';
import type { Poll, PollShowResults } from '../../../shared/api.js';
import { pollIsClosed, pollResultsShown } from '../../../shared/polls.js';
import {
  POLL_CLOSED,
  POLL_NOT_FOUND,
  POLL_SINGLE_CHOICE,
  POLL_UNKNOWN_OPTION,
  type pollSchema,
} from '../../../shared/schemas/polls.js';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { pollOptions, polls } from '../../db/schema.js';
import { type AuthorKey, pollVoterTag } from '../../lib/author-key.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { recordEvent } from '../events/index.js';
import { THREAD_CHANGED_CHANNEL } from '../threads/index.js';

export type NewPoll = z.output<typeof pollSchema>;

/** A poll as its row and its options' rows hold it, counts included. */
interface PollRow {
  id: number;
  threadId: number;
  question: string;
  multiple: boolean;
  closesAt: Date | null;
  showResults: PollShowResults;
  voters: number;
  options: { id: number; text: string; votes: number }[];
}

/** The poll as this viewer may see it: counts only when its results are shown to them. */
export function pollView(row: PollRow, myVote: number[] | null, now = Date.now()): Poll {
  const shown = pollResultsShown(row, myVote !== null, now);
  return {
    id: row.id,
    question: row.question,
    options: row.options.map((option) => ({ id: option.id, text: option.text, votes: shown ? option.votes : null })),
    multiple: row.multiple,
    closesAt: row.closesAt === null ? null : row.closesAt.toISOString(),
    showResults: row.showResults,
    voters: shown ? row.voters : null,
    myVote,
  };
}

/** Writes a new thread's poll in the thread's own transaction. */
export async function createPoll(tx: Tx, threadId: number, input: NewPoll): Promise<void> {
  const [poll] = await tx
    .insert(polls)
    .values({ threadId, question: input.question, multiple: input.multiple, closesAt: input.closesAt ?? null, showResults: input.showResults })
    .returning({ id: polls.id });
  await tx.insert(pollOptions).values(input.options.map((text, position) => ({ pollId: poll!.id, position, text })));
}

type RawPoll = Omit<PollRow, 'closesAt'> & { closesAt: string | null };

/**
 * Polls and their counts, read in one statement from the ballots themselves: the counts
 * and `voters` agree with each other and with the ballots, whoever is voting meanwhile.
 */
async function readPollRows(db: DbOrTx, where: { threadIds: number[] } | { pollId: number }): Promise<PollRow[]> {
  const condition = 'threadIds' in where ? sql`p.thread_id = ANY(${`{${where.threadIds.join(',')}}`}::int[])` : sql`p.id = ${where.pollId}`;
  const { rows } = await db.execute<RawPoll>(sql`
    SELECT p.id, p.thread_id AS "threadId", p.question, p.multiple, p.closes_at AS "closesAt",
           p.show_results AS "showResults",
           (SELECT count(*)::int FROM poll_ballots b WHERE b.poll_id = p.id) AS voters,
           (SELECT json_agg(json_build_object('id', o.id, 'text', o.text, 'votes', coalesce(c.votes, 0)) ORDER BY o.position)
              FROM poll_options o
              LEFT JOIN (SELECT chosen, count(*)::int AS votes FROM poll_ballots b, unnest(b.option_ids) AS chosen
                          WHERE b.poll_id = p.id GROUP BY chosen) c ON c.chosen = o.id
             WHERE o.poll_id = p.id) AS options
      FROM polls p
     WHERE ${condition}`);
  return rows.map((row) => ({ ...row, closesAt: row.closesAt === null ? null : new Date(row.closesAt) }));
}

async function readPollRow(db: DbOrTx, where: { threadId: number } | { pollId: number }): Promise<PollRow | null> {
  const [row] = await readPollRows(db, 'threadId' in where ? { threadIds: [where.threadId] } : where);
  return row ?? null;
}

async function ballotOf(db: DbOrTx, pollId: number, key: AuthorKey | null): Promise<number[] | null> {
  if (key === null) return null;
  const { rows } = await db.execute<{ option_ids: number[] }>(
    sql`SELECT option_ids FROM poll_ballots WHERE poll_id = ${pollId} AND voter_tag = ${pollVoterTag(key, pollId)}`,
  );
  return rows[0]?.option_ids ?? null;
}

/**
 * A thread's poll for this viewer, or null. The viewer's ballot is found under their tag
 * for the poll (their session's key): a visitor's answer never holds one, so visitors'
 * kept pages hold no one's vote.
 */
export async function readThreadPoll(db: Db, threadId: number, key: AuthorKey | null): Promise<Poll | null> {
  const row = await readPollRow(db, { threadId });
  if (!row) return null;
  return pollView(row, await ballotOf(db, row.id, key));
}

/** The polls of many threads as a visitor sees them (feeds), by thread id, in one read. */
export async function readVisitorPolls(db: Db, threadIds: number[]): Promise<Map<number, Poll>> {
  if (threadIds.length === 0) return new Map();
  const rows = await readPollRows(db, { threadIds });
  return new Map(rows.map((row) => [row.threadId, pollView(row, null)]));
}

/** What a vote needs to know of a poll that never changes once it is made. */
type Definition = Pick<PollRow, 'id' | 'threadId' | 'multiple' | 'closesAt' | 'showResults'> & { optionIds: Set<number> };

/** How far this instance's clock and the database's may differ when telling a closed poll from a gone one. */
const CLOCK_SKEW_MS = 5_000;

/** Definitions kept per instance (a poll's options never change): a vote checks its input without a read. */
const DEFINITIONS_KEPT = 10_000;

/**
 * Poll votes (CONTRACT.md sections 13 and 14). A ballot is kept under the voter's tag for
 * the poll, never their account, one row per voter (the primary key), written by one
 * upsert: concurrent voters touch different rows and wait for no one, and the counts,
 * read from the ballots (readPollRows), are exact by construction (decisions/019;
 * bench/polls.ts measures it).
 */
export function createPollService(db: Db) {
  const definitions = new Map<number, Definition>();

  async function definition(pollId: number): Promise<Definition> {
    const kept = definitions.get(pollId);
    if (kept) return kept;
    const row = await readPollRow(db, { pollId });
    if (!row) throw new NotFoundError(POLL_NOT_FOUND);
    const found: Definition = {
      id: row.id,
      threadId: row.threadId,
      multiple: row.multiple,
      closesAt: row.closesAt,
      showResults: row.showResults,
      optionIds: new Set(row.options.map((option) => option.id)),
    };
    if (definitions.size >= DEFINITIONS_KEPT) definitions.clear();
    definitions.set(pollId, found);
    return found;
  }

  return {
    /** Casts or changes the voter's ballot; answers the poll as the voter now sees it. */
    async vote(pollId: number, key: AuthorKey, optionIds: number[]): Promise<Poll> {
      const poll = await definition(pollId);
      if (pollIsClosed(poll.closesAt)) throw new ForbiddenError(POLL_CLOSED);
      if (optionIds.some((id) => !poll.optionIds.has(id))) throw new ValidationError(POLL_UNKNOWN_OPTION, { optionIds: POLL_UNKNOWN_OPTION });
      if (!poll.multiple && optionIds.length > 1) throw new ValidationError(POLL_SINGLE_CHOICE, { optionIds: POLL_SINGLE_CHOICE });
      const tag = pollVoterTag(key, pollId);
      const ballot = `{${optionIds.join(',')}}`;
      await db.transaction(async (tx) => {
        // Closed and deleted are checked by the write itself: a vote that arrives after the
        // closing time is never counted, whatever it waited for.
        const { rows } = await tx.execute<{ cast: number }>(sql`
          WITH cast_ballot AS (
            INSERT INTO poll_ballots (poll_id, voter_tag, option_ids)
            SELECT p.id, ${tag}, ${ballot}::int[]
              FROM polls p JOIN threads t ON t.id = p.thread_id
             WHERE p.id = ${pollId} AND NOT t.is_deleted AND (p.closes_at IS NULL OR p.closes_at > now())
            ON CONFLICT (poll_id, voter_tag) DO UPDATE SET option_ids = EXCLUDED.option_ids
            RETURNING 1
          )
          SELECT count(*)::int AS cast FROM cast_ballot`);
        if (rows[0]?.cast !== 1) {
          if (pollIsClosed(poll.closesAt, Date.now() + CLOCK_SKEW_MS)) throw new ForbiddenError(POLL_CLOSED);
          throw new NotFoundError(POLL_NOT_FOUND);
        }
        // Counts every visitor's page shows: the kept pages of the thread drop, on every
        // instance (the channel its version's trigger uses), without taking the thread's
        // row, so voters never wait for each other.
        if (poll.showResults === 'always') await tx.execute(sql`SELECT pg_notify(${THREAD_CHANGED_CHANNEL}, ${String(poll.threadId)})`);
        // Watchers refetch and see what the rules let them: the event names the thread only,
        // never a voter or a count. A poll that shows nothing before its close tells nobody.
        if (poll.showResults !== 'after-close') await recordEvent(tx, { type: 'update', threadId: poll.threadId });
      });
      const row = await readPollRow(db, { pollId });
      if (!row) throw new NotFoundError(POLL_NOT_FOUND);
      return pollView(row, optionIds);
    },
  };
}

export type PollService = ReturnType<typeof createPollService>;
