import { sharedKeys } from '../../../lib/query-keys';

/** Query keys of the posts feature. A thread's posts arrive with the thread, so they live under its key. */
export const postKeys = {
  /** What a new or deleted post changes: the thread's detail and everything under it. */
  thread: sharedKeys.threadDetail,
  /** The posts after `after` ('Load More Replies'), refreshed with their thread. */
  after: (threadId: number, after: number) => [...sharedKeys.threadDetail(threadId), 'after', after] as const,
};
