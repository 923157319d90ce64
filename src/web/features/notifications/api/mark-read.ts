import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** POST /api/notifications/read: `ids`, or all when absent. */
export const markRead = (ids?: number[]) => api.post<void>('/api/notifications/read', ids ? { ids } : {});

export function useMarkRead(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: notificationKeys.all(userId) });
    },
  });
}
