import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IsFollowing } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { userKeys } from './keys';

/** GET /api/users/{id}/is-following: whether the signed-in user follows this one. */
export const getIsFollowing = (id: number) => api.get<IsFollowing>(`/api/users/${id}/is-following`);

export const getIsFollowingQueryOptions = (id: number) => queryOptions({ queryKey: userKeys.isFollowing(id), queryFn: () => getIsFollowing(id) });

export const useIsFollowing = (id: number, enabled: boolean) => useQuery({ ...getIsFollowingQueryOptions(id), enabled });
