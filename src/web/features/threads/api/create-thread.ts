import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ThreadDetail } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { threadKeys } from './keys';
import { getThreadQueryOptions } from './get-thread';

/** POST /api/threads as multipart (fields plus the optional `image`). */
export const createThread = (form: FormData) => api.post<ThreadDetail>('/api/threads', form);

export function useCreateThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createThread,
    onSuccess: async (thread) => {
      queryClient.setQueryData(getThreadQueryOptions(thread.id).queryKey, thread);
      await queryClient.invalidateQueries({ queryKey: threadKeys.boardLists() });
      await queryClient.invalidateQueries({ queryKey: threadKeys.feeds() });
    },
  });
}
