import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../shared/api.js';
import type { LoginInput } from '../../../../shared/schemas/auth.js';
import { api } from '../../../lib/api-client';
import { getUserQueryOptions } from '../../../lib/auth/get-user';

/** POST /api/login. */
export const login = (input: LoginInput) => api.post<CurrentUser>('/api/login', input);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => queryClient.setQueryData(getUserQueryOptions().queryKey, user),
  });
}
