import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Appeal } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { moderationKeys } from './keys';

/** GET /api/moderation/appeals: pending first (oldest first), then decided ones. */
export const getAppeals = () => api.get<Appeal[]>('/api/moderation/appeals');

export const getAppealsQueryOptions = () => queryOptions({ queryKey: moderationKeys.appeals(), queryFn: getAppeals, staleTime: 0 });

export const useAppeals = () => useQuery(getAppealsQueryOptions());
