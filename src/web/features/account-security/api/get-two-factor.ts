import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TwoFactorStatus } from '../../../../shared/schemas/account-security.js';
import { api } from '../../../lib/api-client';
import { accountSecurityKeys } from './keys';

/** GET /api/user/totp: whether two-factor sign-in is on, and recovery codes left. */
export const getTwoFactor = () => api.get<TwoFactorStatus>('/api/user/totp');

export const getTwoFactorQueryOptions = (userId: number) => queryOptions({ queryKey: accountSecurityKeys.twoFactor(userId), queryFn: getTwoFactor });

export const useTwoFactor = (userId: number) => useQuery(getTwoFactorQueryOptions(userId));
