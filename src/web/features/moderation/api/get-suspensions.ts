import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthorSuspension } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { moderationKeys } from './keys';

/** GET /api/moderation/suspensions: the author suspensions in force, newest first. */
export const getSuspensions = () => api.get<AuthorSuspension[]>('/api/moderation/suspensions');

export const getSuspensionsQueryOptions = () => queryOptions({ queryKey: moderationKeys.suspensions(), queryFn: getSuspensions, staleTime: 0 });

export const useSuspensions = () => useQuery(getSuspensionsQueryOptions());
