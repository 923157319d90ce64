import { sharedKeys } from '../../../lib/query-keys';
import type { ThreadSort } from './get-board-threads';
import type { Feed } from './get-feeds';

/** Every query key of the threads feature; mutations invalidate through these, never a typed array. */
export const threadKeys = {
  /** A thread with its first posts (shared: posts and premium refresh it too). */
  detail: sharedKeys.threadDetail,
  /** Every page and sort of every board's list: what a new or deleted thread invalidates. */
  boardLists: () => ['threads', 'board'] as const,
  boardList: (code: string, page: number, sort: ThreadSort) => [...threadKeys.boardLists(), code, { page, sort }] as const,
  /** Both home feeds. */
  feeds: () => ['threads', 'feed'] as const,
  feed: (feed: Feed) => [...threadKeys.feeds(), feed] as const,
  /** Whether the signed-in user keeps a thread. */
  saved: (id: number) => ['threads', 'saved', id] as const,
  /** Every page of the saved threads list. */
  savedLists: () => ['threads', 'saved-list'] as const,
  savedList: (page: number) => [...threadKeys.savedLists(), page] as const,
};
