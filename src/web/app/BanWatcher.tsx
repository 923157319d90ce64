import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { muteToasts } from '../components/ui/use-toast';
import { banKeys } from '../features/bans/api/keys';
import { onBanned } from '../lib/api-client';
import { useLocation, useNavigate } from './router';

/** How long the failed action's own error toast is held back while the ban page opens. */
const MUTE_MS = 1500;

/**
 * Any call answering that this address is banned opens the ban page (reason, expiry,
 * appeal) instead of the action's error toast.
 */
export function BanWatcher() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  useEffect(() => {
    onBanned(() => {
      muteToasts(MUTE_MS);
      void queryClient.invalidateQueries({ queryKey: banKeys.all() });
      if (pathname !== '/banned') void navigate('/banned');
    });
    return () => onBanned(null);
  }, [navigate, queryClient, pathname]);
  return null;
}
