import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountSession } from '../../../../shared/schemas/account-security.js';
import { api } from '../../../lib/api-client';
import { accountSecurityKeys } from './keys';

/** GET /api/user/sessions: the account's signed-in sessions, this one marked. */
export const getSessions = () => api.get<AccountSession[]>('/api/user/sessions');

export const getSessionsQueryOptions = (userId: number) => queryOptions({ queryKey: accountSecurityKeys.sessions(userId), queryFn: getSessions });

export const useSessions = (userId: number) => useQuery(getSessionsQueryOptions(userId));
