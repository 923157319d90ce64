import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../../shared/api.js';
import { api, ApiError } from '../api-client';
import { sharedKeys } from '../query-keys';

/** GET /api/user: the signed-in user, or null when logged out (401). */
export async function getUser(): Promise<CurrentUser | null> {
  try {
    return await api.get<CurrentUser>('/api/user');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const getUserQueryOptions = () => queryOptions({ queryKey: sharedKeys.currentUser(), queryFn: getUser });

export const useUser = () => useQuery(getUserQueryOptions());
