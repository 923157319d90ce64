import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { threadKeys } from './keys';

/** DELETE /api/threads/{id} (its author or an admin). */
export const deleteThread = (id: number) => api.delete<void>(`/api/threads/${id}`);

export function useDeleteThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteThread,
    onSuccess: async (_, id) => {
      queryClient.removeQueries({ queryKey: threadKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: threadKeys.boardLists() });
      await queryClient.invalidateQueries({ queryKey: threadKeys.feeds() });
    },
  });
}
