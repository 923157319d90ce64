import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../shared/api.js';
import type { RecoverInput } from '../../../../shared/schemas/account-security.js';
import { api } from '../../../lib/api-client';
import { getUserQueryOptions } from '../../../lib/auth/get-user';

/** POST /api/recover {username, recoveryCode, newPassword}: a new password, and signed in. */
export const recover = (input: RecoverInput) => api.post<CurrentUser>('/api/recover', input);

export function useRecover() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recover, onSuccess: (user) => queryClient.setQueryData(getUserQueryOptions().queryKey, user) });
}
