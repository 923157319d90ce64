import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ban, BanScope } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { moderationKeys } from './keys';

/** POST /api/moderation/ban-ip (admin); no expiresAt: permanent. */
export const banIp = (input: { ipHash: string; scope?: BanScope; reason?: string; expiresAt?: string }) => api.post<Ban>('/api/moderation/ban-ip', input);

export function useBanIp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: banIp,
    // The banned list, the IP Finder's isBanned flags and the log all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all() }),
  });
}
