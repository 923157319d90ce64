import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PostVote, ThreadVote, UserVote, VoteResult } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { voteKeys } from './keys';

export type VoteTarget = { kind: 'threads' | 'posts'; id: number };
export type VoteType = 1 | -1;

/** GET /api/{threads|posts}/{id}/user-vote, cached 30 s (SPEC.md section 9). */
export const getUserVote = ({ kind, id }: VoteTarget) => api.get<UserVote>(`/api/${kind}/${id}/user-vote`);

/** Keyed by the viewer too: another account signing in on the same page never sees the last one's votes. */
export const getUserVoteQueryOptions = (target: VoteTarget, viewerId: number) =>
  queryOptions({ queryKey: voteKeys.one(viewerId, target), queryFn: () => getUserVote(target), staleTime: 30_000 });

/**
 * The viewer's vote on a target (null for visitors). `askedInBatch`: the vote is put in
 * the cache by one request for many targets (useVotesInOneRequest), so this never asks.
 */
export function useUserVote(target: VoteTarget, viewerId: number | null, askedInBatch = false): VoteType | null {
  const query = useQuery({ ...getUserVoteQueryOptions(target, viewerId ?? 0), enabled: viewerId !== null && !askedInBatch });
  return viewerId === null ? null : (query.data?.userVote ?? null);
}

/**
 * Asks once for the viewer's votes on many targets (a thread's replies, a list page's
 * threads: each asked on its own before, a hundred requests for a long thread) and
 * writes each into that target's user-vote cache, where its arrows read it and a vote
 * updates it; a target missing from the answer has no vote.
 */
function useVotesInOneRequest(
  kind: VoteTarget['kind'],
  scope: string,
  viewerId: number | null,
  enabled: boolean,
  fetchVotes: () => Promise<{ id: number; userVote: VoteType }[]>,
) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: voteKeys.many(viewerId ?? 0, kind, scope),
    queryFn: async () => {
      const votes = await fetchVotes();
      for (const { id, userVote } of votes) queryClient.setQueryData(getUserVoteQueryOptions({ kind, id }, viewerId ?? 0).queryKey, { userVote });
      return votes;
    },
    staleTime: 30_000,
    enabled: viewerId !== null && enabled,
  });
}

/** GET /api/threads/{id}/post-votes: the viewer's votes on all of a thread's replies. */
export const getThreadPostVotes = (threadId: number) => api.get<PostVote[]>(`/api/threads/${threadId}/post-votes`);

export const useThreadPostVotes = (threadId: number, viewerId: number | null) =>
  useVotesInOneRequest('posts', String(threadId), viewerId, Number.isInteger(threadId) && threadId > 0, async () =>
    (await getThreadPostVotes(threadId)).map(({ postId, userVote }) => ({ id: postId, userVote })),
  );

/** GET /api/user/thread-votes?ids=: the viewer's votes on a list page's threads. */
export const getThreadVotes = (threadIds: number[]) => api.get<ThreadVote[]>(`/api/user/thread-votes?ids=${threadIds.join(',')}`);

export const useThreadListVotes = (threadIds: number[], viewerId: number | null) =>
  useVotesInOneRequest('threads', threadIds.join(','), viewerId, threadIds.length > 0, async () =>
    (await getThreadVotes(threadIds)).map(({ threadId, userVote }) => ({ id: threadId, userVote })),
  );

/** POST /api/{threads|posts}/{id}/vote. */
export const vote = ({ target, voteType }: { target: VoteTarget; voteType: VoteType }) =>
  api.post<VoteResult>(`/api/${target.kind}/${target.id}/vote`, { voteType });

export function useVote(target: VoteTarget, viewerId: number | null) {
  const queryClient = useQueryClient();
  const key = getUserVoteQueryOptions(target, viewerId ?? 0).queryKey;
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
