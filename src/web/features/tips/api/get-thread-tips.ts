import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tip } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { tipKeys } from './keys';

/** Tips lists are cached 60 s (SPEC.md section 9). */
export const TIPS_CACHE_MS = 60 * 1000;

/** GET /api/threads/{id}/tips: the tips on the thread itself. */
export const getThreadTips = (threadId: number) => api.get<Tip[]>(`/api/threads/${threadId}/tips`);

export const getThreadTipsQueryOptions = (threadId: number) =>
  queryOptions({ queryKey: tipKeys.thread(threadId), queryFn: () => getThreadTips(threadId), staleTime: TIPS_CACHE_MS });

export const useThreadTips = (threadId: number) => useQuery(getThreadTipsQueryOptions(threadId));
