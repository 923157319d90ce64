import { hashKey, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { getUserQueryOptions } from './get-user';

/** POST /api/logout (204). */
export const logout = () => api.post<void>('/api/logout');

/** After the session ended (logout, a deleted account): no user, and what was fetched as them is fetched again. */
export function forgetUser(queryClient: QueryClient): void {
  const userKey = getUserQueryOptions().queryKey;
  queryClient.setQueryData(userKey, null);
  // Whatever was fetched as this user is fetched again, now or on next use.
  void queryClient.invalidateQueries({ predicate: (query) => query.queryHash !== hashKey(userKey) });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => forgetUser(queryClient),
  });
}
