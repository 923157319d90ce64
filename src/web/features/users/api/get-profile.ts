import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserProfile } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { userKeys } from './keys';

/** GET /api/users/{id}: the public profile (e-mail and account state for the user and admins). */
export const getProfile = (id: number) => api.get<UserProfile>(`/api/users/${id}`);

export const getProfileQueryOptions = (id: number) => queryOptions({ queryKey: userKeys.profile(id), queryFn: () => getProfile(id) });

export const useProfile = (id: number) => useQuery(getProfileQueryOptions(id));
