import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type LiveEvent, useLiveEvents } from '../../../lib/live-events';
import { notificationKeys } from './keys';
import { useUnreadCount } from './get-unread-count';

/** How often the count is asked for while the event stream is down (never while it is live). */
const POLL_MS = 30_000;

/**
 * The signed-in user's unread count, kept fresh by the tab's event stream: a
 * `notification` event carries the new count (and refreshes the lists), a `reset`
 * refetches both. Only when the stream is not live does it poll.
 */
export function useLiveUnreadCount(userId: number) {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (event: LiveEvent) => {
      if (event.type === 'notification') {
        queryClient.setQueryData(notificationKeys.unreadCount(userId), { count: event.data.unread });
        void queryClient.invalidateQueries({ queryKey: notificationKeys.lists(userId) });
      } else if (event.type === 'reset') {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all(userId) });
      }
    },
    [queryClient, userId],
  );
  const live = useLiveEvents({ user: userId }, onEvent);
  return useUnreadCount(userId, live ? false : POLL_MS);
}
