import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput } from '../../../../shared/schemas/account-security.js';
import { api } from '../../../lib/api-client';
import { getSessionsQueryOptions } from './get-sessions';

/** PUT /api/user/password {currentPassword, newPassword} (204): the other sessions are signed out. */
export const changePassword = (input: ChangePasswordInput) => api.put<void>('/api/user/password', input);

export function useChangePassword(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions(userId).queryKey }),
  });
}
