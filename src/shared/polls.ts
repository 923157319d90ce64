// What a poll shows, decided alike by the server (what it sends) and the web app (what it
// draws), so a poll's closing and its results' visibility read the same on both sides.
import type { PollShowResults } from './api.js';

/** A poll is closed from its closing time on; none is closed by a job (CONTRACT.md section 14). */
export function pollIsClosed(closesAt: string | Date | null, now: number = Date.now()): boolean {
  return closesAt !== null && new Date(closesAt).getTime() <= now;
}

/**
 * Whether a viewer sees the counts: always; after their own vote; or, for everyone (the
 * author included), once the poll has closed.
 */
export function pollResultsShown(poll: { showResults: PollShowResults; closesAt: string | Date | null }, voted: boolean, now: number = Date.now()): boolean {
  if (poll.showResults === 'always' || pollIsClosed(poll.closesAt, now)) return true;
  return poll.showResults === 'after-vote' && voted;
}

/**
 * When a page showing this poll stops being right without any write: its closing time,
 * while it is still open (the form goes, hidden results appear). Kept pages expire then.
 */
export function pollChangesAt(poll: { closesAt: string | null } | null, now: number = Date.now()): number | undefined {
  if (poll === null || poll.closesAt === null || pollIsClosed(poll.closesAt, now)) return undefined;
  return new Date(poll.closesAt).getTime();
}
