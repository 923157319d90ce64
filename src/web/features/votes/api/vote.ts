import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserVote, VoteResult } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';

export type VoteTarget = { kind: 'threads' | 'posts'; id: number };
export type VoteType = 1 | -1;

/** GET /api/{threads|posts}/{id}/user-vote, cached 30 s (SPEC.md section 9). */
export const getUserVote = ({ kind, id }: VoteTarget) => api.get<UserVote>(`/api/${kind}/${id}/user-vote`);

export const getUserVoteQueryOptions = (target: VoteTarget) =>
  queryOptions({ queryKey: ['votes', target.kind, target.id], queryFn: () => getUserVote(target), staleTime: 30_000 });

export const useUserVote = (target: VoteTarget, enabled: boolean) => useQuery({ ...getUserVoteQueryOptions(target), enabled });

/** POST /api/{threads|posts}/{id}/vote. */
export const vote = ({ target, voteType }: { target: VoteTarget; voteType: VoteType }) =>
  api.post<VoteResult>(`/api/${target.kind}/${target.id}/vote`, { voteType });

export function useVote(target: VoteTarget) {
  const queryClient = useQueryClient();
  const key = getUserVoteQueryOptions(target).queryKey;
  return useMutation({
    mutationFn: vote,
    onMutate: ({ voteType }) => {
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(key, { userVote: voteType });
      return { previous };
    },
    onError: (_error, _variables, context) => queryClient.setQueryData(key, context?.previous),
  });
}
