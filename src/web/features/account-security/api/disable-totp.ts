import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TotpCodeInput } from '../../../../shared/schemas/account-security.js';
import { api } from '../../../lib/api-client';
import { getSessionsQueryOptions } from './get-sessions';
import { getTwoFactorQueryOptions } from './get-two-factor';

/** DELETE /api/user/totp {code} (204): turns two-factor sign-in off. */
export const disableTotp = (input: TotpCodeInput) => api.delete<void>('/api/user/totp', input);

export function useDisableTotp(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTotp,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getTwoFactorQueryOptions(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions(userId).queryKey }),
      ]),
  });
}
