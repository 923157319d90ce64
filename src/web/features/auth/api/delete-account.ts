import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountInput } from '../../../../shared/schemas/auth.js';
import { api } from '../../../lib/api-client';
import { forgetUser } from '../../../lib/auth/logout';

/** DELETE /api/user {password} (204): deletes the signed-in account and ends its session. */
export const deleteAccount = ({ password }: DeleteAccountInput) => api.delete<void>('/api/user', { password });

/**
 * `leave` runs before the user is forgotten: a page that needs a user (the profile
 * edit page) would otherwise send the now signed-out visitor to /auth first.
 */
export function useDeleteAccount(leave: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      await leave();
      forgetUser(queryClient);
    },
  });
}
