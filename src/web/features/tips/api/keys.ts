import type { TipTarget } from '../tip-target';

/** Every query key of the tips feature. */
export const tipKeys = {
  /** The tips on a thread; every tips query of a thread (its own and its posts') starts with it. */
  thread: (threadId: number) => ['tips', 'thread', threadId] as const,
  /** The tips on all of a thread's replies, fetched in one request. */
  threadPosts: (threadId: number) => [...tipKeys.thread(threadId), 'posts'] as const,
  /** Where a direct tip to a thread or post goes. */
  recipient: (target: TipTarget) => ['tips', 'recipient', target.kind, target.kind === 'post' ? target.postId : target.threadId] as const,
  /** The tips the signed-in user has sent (named 'crypto' from when the profile's crypto tab owned it). */
  sent: () => ['crypto', 'sent-tips'] as const,
};
