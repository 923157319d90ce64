import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toastOverOthers } from '../components/ui/use-toast';
import { onUnauthorized } from '../lib/api-client';
import { getUserQueryOptions } from '../lib/auth/get-user';
import { forgetUser } from '../lib/auth/logout';
import { SESSION_ENDED_MESSAGE, sessionHasEnded } from '../lib/auth/session-ended';

/** How long the failed action's own error toast is held back behind the notice. */
const HOLD_MS = 1500;

/**
 * A call answering that the session has ended signs the user out in the app: no current
 * user (protected pages then go to /auth), what was fetched as them fetched again, and
 * the server's words shown once instead of the action's generic error.
 */
export function SessionWatcher() {
  const queryClient = useQueryClient();
  useEffect(() => {
    onUnauthorized((unauthorized) => {
      const current = queryClient.getQueryData(getUserQueryOptions().queryKey);
      if (!sessionHasEnded(unauthorized, current)) return;
      forgetUser(queryClient);
      toastOverOthers({ title: 'Signed out', description: SESSION_ENDED_MESSAGE }, HOLD_MS);
    });
    return () => onUnauthorized(null);
  }, [queryClient]);
  return null;
}
