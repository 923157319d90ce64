import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tip } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';

/** Tips lists are cached 60 s (SPEC.md section 9). */
export const TIPS_CACHE_MS = 60 * 1000;

/** Every tips query of a thread (its own and its posts') starts with this key. */
export const threadTipsKey = (threadId: number) => ['tips', 'thread', threadId] as const;

/** GET /api/threads/{id}/tips: the tips on the thread itself. */
export const getThreadTips = (threadId: number) => api.get<Tip[]>(`/api/threads/${threadId}/tips`);

export const getThreadTipsQueryOptions = (threadId: number) =>
  queryOptions({ queryKey: threadTipsKey(threadId), queryFn: () => getThreadTips(threadId), staleTime: TIPS_CACHE_MS });

export const useThreadTips = (threadId: number) => useQuery(getThreadTipsQueryOptions(threadId));
