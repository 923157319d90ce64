import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowStats, IsFollowing } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { getFollowStatsQueryOptions } from './get-follow-stats';
import { getIsFollowingQueryOptions } from './get-is-following';

type FollowResult = IsFollowing & FollowStats;

/** POST (follow) or DELETE (unfollow) /api/users/{id}/follow: answers the new state and counts. */
export const setFollowing = ({ id, follow }: { id: number; follow: boolean }) =>
  follow ? api.post<FollowResult>(`/api/users/${id}/follow`) : api.delete<FollowResult>(`/api/users/${id}/follow`);

export function useSetFollowing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFollowing,
    onSuccess: ({ isFollowing, followersCount, followingCount }, { id }) => {
      queryClient.setQueryData(getIsFollowingQueryOptions(id).queryKey, { isFollowing });
      queryClient.setQueryData(getFollowStatsQueryOptions(id).queryKey, { followersCount, followingCount });
    },
  });
}
