import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Thread } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { threadKeys } from './keys';

/** PATCH /api/threads/{id}/sticky and /lock (admin): the new value, answered with the thread. */
export const setThreadFlag = ({ id, flag, value }: { id: number; flag: 'sticky' | 'lock'; value: boolean }) =>
  api.patch<Thread>(`/api/threads/${id}/${flag}`, flag === 'sticky' ? { isSticky: value } : { isLocked: value });

export function useSetThreadFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setThreadFlag,
    onSuccess: async (_, { id }) => {
      await queryClient.invalidateQueries({ queryKey: threadKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: threadKeys.boardLists() });
    },
  });
}
