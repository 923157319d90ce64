import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FollowStats } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';

/** GET /api/users/{id}/follow-stats. */
export const getFollowStats = (id: number) => api.get<FollowStats>(`/api/users/${id}/follow-stats`);

export const getFollowStatsQueryOptions = (id: number) => queryOptions({ queryKey: ['users', id, 'follow-stats'], queryFn: () => getFollowStats(id) });

export const useFollowStats = (id: number) => useQuery(getFollowStatsQueryOptions(id));
