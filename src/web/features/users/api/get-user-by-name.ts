import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserRef } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { userKeys } from './keys';

/** GET /api/users/by-name/{username}: who holds a username now (where a post's @mention leads). */
export const getUserByName = (username: string) => api.get<UserRef>(`/api/users/by-name/${encodeURIComponent(username)}`);

export const getUserByNameQueryOptions = (username: string) =>
  queryOptions({ queryKey: userKeys.byName(username.toLowerCase()), queryFn: () => getUserByName(username) });

export const useUserByName = (username: string) => useQuery(getUserByNameQueryOptions(username));
