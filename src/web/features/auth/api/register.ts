import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../shared/api.js';
import type { RegisterInput } from '../../../../shared/schemas/auth.js';
import { api } from '../../../lib/api-client';
import { getUserQueryOptions } from '../../../lib/auth/get-user';

/** POST /api/register: the registration fields without confirmPassword. */
export const register = (input: RegisterInput) => api.post<CurrentUser>('/api/register', input);

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => queryClient.setQueryData(getUserQueryOptions().queryKey, user),
  });
}
