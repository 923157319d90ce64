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

/**
 * The home page's stream: no thread or board, so today it carries nothing; the signed-in
 * user's notifications will arrive on it (CONTRACT.md section 10) once they exist.
 */
export function useLiveHome(signedIn: boolean): boolean {
  const onEvent = useCallback((_event: LiveEvent) => {
    // Notifications: not built yet (no notifications table); their feature will refresh its count here.
  }, []);
  return useLiveEvents({}, onEvent, signedIn);
}
