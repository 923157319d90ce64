import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { boardThreadsKey } from './get-board-threads';
import { getThreadQueryOptions } from './get-thread';

/** DELETE /api/threads/{id} (admin). */
export const deleteThread = (id: number) => api.delete<void>(`/api/threads/${id}`);

export function useDeleteThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteThread,
    onSuccess: async (_, id) => {
      queryClient.removeQueries({ queryKey: getThreadQueryOptions(id).queryKey });
      await queryClient.invalidateQueries({ queryKey: boardThreadsKey() });
      await queryClient.invalidateQueries({ queryKey: ['threads', 'feed'] });
    },
  });
}
