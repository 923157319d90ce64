import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FollowStats } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { userKeys } from './keys';

/** GET /api/users/{id}/follow-stats. */
export const getFollowStats = (id: number) => api.get<FollowStats>(`/api/users/${id}/follow-stats`);

export const getFollowStatsQueryOptions = (id: number) => queryOptions({ queryKey: userKeys.followStats(id), queryFn: () => getFollowStats(id) });

export const useFollowStats = (id: number) => useQuery(getFollowStatsQueryOptions(id));
