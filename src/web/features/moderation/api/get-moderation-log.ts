import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModerationLogEntry } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { moderationKeys } from './keys';

/** GET /api/moderation/log: newest first, 50 entries. */
export const getModerationLog = () => api.get<ModerationLogEntry[]>('/api/moderation/log');

export const getModerationLogQueryOptions = () => queryOptions({ queryKey: moderationKeys.log(), queryFn: getModerationLog, staleTime: 0 });

export const useModerationLog = () => useQuery(getModerationLogQueryOptions());
