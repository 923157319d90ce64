import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ModerationStats } from '../../../../shared/api.js';
import type { StatsPeriod } from '../../../../shared/schemas/moderation.js';
import { api } from '../../../lib/api-client';
import { moderationKeys } from './keys';

/** GET /api/moderation/stats: the dashboard's counts per UTC day, boards, storage and jobs. */
export const getModerationStats = (days: StatsPeriod) => api.get<ModerationStats>(`/api/moderation/stats?days=${days}`);

export const getModerationStatsQueryOptions = (days: StatsPeriod) =>
  queryOptions({ queryKey: moderationKeys.stats(days), queryFn: () => getModerationStats(days), staleTime: 60_000 });

/** Keeps the previous period's figures on screen while another period loads. */
export const useModerationStats = (days: StatsPeriod) => useQuery({ ...getModerationStatsQueryOptions(days), placeholderData: keepPreviousData });
