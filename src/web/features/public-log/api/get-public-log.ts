import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicModerationLogEntry } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';

export const publicLogKeys = {
  all: () => ['public-log'] as const,
  page: (before: number | undefined) => [...publicLogKeys.all(), before ?? 'newest'] as const,
};

/** GET /api/moderation/public-log: newest first, 50 entries before `before`. */
export const getPublicLog = (before: number | undefined) =>
  api.get<PublicModerationLogEntry[]>('/api/moderation/public-log', { before });

export const getPublicLogQueryOptions = (before: number | undefined) =>
  queryOptions({ queryKey: publicLogKeys.page(before), queryFn: () => getPublicLog(before), placeholderData: keepPreviousData });

export const usePublicLog = (before: number | undefined) => useQuery(getPublicLogQueryOptions(before));
