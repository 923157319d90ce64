import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Activity } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { userKeys } from './keys';

/** GET /api/users/{id}/activities: the signed-in user's own timeline (401/403 otherwise). */
export const getActivities = (id: number) => api.get<Activity[]>(`/api/users/${id}/activities`);

export const getActivitiesQueryOptions = (id: number) => queryOptions({ queryKey: userKeys.activities(id), queryFn: () => getActivities(id) });

export const useActivities = (id: number, enabled: boolean) => useQuery({ ...getActivitiesQueryOptions(id), enabled });
