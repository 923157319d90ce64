import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes, TotpCodeInput } from '../../../../shared/schemas/account-security.js';
import { api } from '../../../lib/api-client';
import { getSessionsQueryOptions } from './get-sessions';
import { getTwoFactorQueryOptions } from './get-two-factor';

/** POST /api/user/totp/verify {code}: turns two-factor sign-in on; the recovery codes, shown once. */
export const verifyTotp = (input: TotpCodeInput) => api.post<RecoveryCodes>('/api/user/totp/verify', input);

export function useVerifyTotp(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTotp,
    // The other sessions were signed out.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getTwoFactorQueryOptions(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions(userId).queryKey }),
      ]),
  });
}
