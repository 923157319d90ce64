import { useMutation } from '@tanstack/react-query';
import type { TotpEnrolment } from '../../../../shared/schemas/account-security.js';
import { api } from '../../../lib/api-client';

/** POST /api/user/totp: a new secret, waiting for its first code. */
export const startTotp = () => api.post<TotpEnrolment>('/api/user/totp');

export const useStartTotp = () => useMutation({ mutationFn: startTotp });
