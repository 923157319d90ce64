import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes, RegenerateRecoveryCodesInput } from '../../../../shared/schemas/account-security.js';
import { api } from '../../../lib/api-client';
import { getSessionsQueryOptions } from './get-sessions';
import { getTwoFactorQueryOptions } from './get-two-factor';

/** POST /api/user/recovery-codes {password}: ten new codes, shown once; the old ones stop working. */
export const regenerateRecoveryCodes = (input: RegenerateRecoveryCodesInput) => api.post<RecoveryCodes>('/api/user/recovery-codes', input);

export function useRegenerateRecoveryCodes(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getTwoFactorQueryOptions(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions(userId).queryKey }),
      ]),
  });
}
