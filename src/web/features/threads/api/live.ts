import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type LiveEvent, useLiveEvents } from '../../../lib/live-events';
import { threadKeys } from './keys';

/**
 * Keeps an open thread fresh from the tab's event stream: a reply, a vote, a lock or a
 * deletion refetches the thread (new replies appear as auto-refresh shows them). Answers
 * whether the stream is live; the page polls only when it is not.
 */
export function useLiveThread(id: number, enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (event: LiveEvent) => {
      if (event.type === 'post' || event.type === 'update' || event.type === 'reset') void queryClient.invalidateQueries({ queryKey: threadKeys.detail(id) });
    },
    [queryClient, id],
  );
  return useLiveEvents({ thread: id }, onEvent, enabled && Number.isInteger(id) && id > 0);
}

/** Refetches a board's lists when a thread is started on it. */
export function useLiveBoard(code: string): boolean {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (event: LiveEvent) => {
      if (event.type === 'thread' || event.type === 'reset') void queryClient.invalidateQueries({ queryKey: threadKeys.boardLists() });
    },
    [queryClient],
  );
  return useLiveEvents({ board: code }, onEvent, code !== '');
}
