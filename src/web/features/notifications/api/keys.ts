/**
 * Every query key of the notifications feature, per signed-in user (another account
 * signing in on this tab never sees the last one's); mutations and live events
 * invalidate through these.
 */
export const notificationKeys = {
  all: (userId: number) => ['notifications', userId] as const,
  unreadCount: (userId: number) => [...notificationKeys.all(userId), 'unread-count'] as const,
  /** The dropdown's latest and the page's list. */
  lists: (userId: number) => [...notificationKeys.all(userId), 'list'] as const,
};
