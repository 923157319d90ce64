import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { moderationKeys } from './keys';

/** DELETE /api/moderation/ban-ip/{ipHash} (admin). */
export const unbanIp = (ipHash: string) => api.delete<void>(`/api/moderation/ban-ip/${encodeURIComponent(ipHash)}`);

export function useUnbanIp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unbanIp, onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all() }) });
}
