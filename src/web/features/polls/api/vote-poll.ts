import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Poll, ThreadDetail } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';

/** POST /api/polls/{id}/vote: the voter's choice; answers the poll as they now see it. */
export const votePoll = ({ pollId, optionIds }: { pollId: number; optionIds: number[] }) => api.post<Poll>(`/api/polls/${pollId}/vote`, { optionIds });

/** Votes, then shows the answer in the thread's cached page at once (the live update refreshes the rest). */
export function useVotePoll(threadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: votePoll,
    onSuccess: (poll) => {
      queryClient.setQueryData<ThreadDetail>(sharedKeys.threadDetail(threadId), (thread) => (thread ? { ...thread, poll } : thread));
    },
  });
}
