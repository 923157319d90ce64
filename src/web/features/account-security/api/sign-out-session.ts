import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getSessionsQueryOptions } from './get-sessions';

/** DELETE /api/user/sessions/{id} (204): signs that session out. */
export const signOutSession = (id: string) => api.delete<void>(`/api/user/sessions/${encodeURIComponent(id)}`);

/** DELETE /api/user/sessions (204): signs out every session but this one. */
export const signOutOtherSessions = () => api.delete<void>('/api/user/sessions');

export function useSignOutSession(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signOutSession, onSuccess: () => queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions(userId).queryKey }) });
}

export function useSignOutOtherSessions(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signOutOtherSessions, onSuccess: () => queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions(userId).queryKey }) });
}
