import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ThreadDetail } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { threadKeys } from './keys';

/** Auto-refresh period and cache time of a thread (SPEC.md sections 7 and 9). */
export const THREAD_POLL_MS = 5000;
const THREAD_STALE_MS = 10_000;

/** GET /api/threads/{id}: the thread, its board and up to 100 posts. */
export const getThread = (id: number, after?: number) => api.get<ThreadDetail>(`/api/threads/${id}`, { after });

export const getThreadQueryOptions = (id: number) =>
  queryOptions({ queryKey: threadKeys.detail(id), queryFn: () => getThread(id), staleTime: THREAD_STALE_MS });

export const useThread = (id: number, autoRefresh: boolean) =>
  useQuery({
    ...getThreadQueryOptions(id),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: autoRefresh ? THREAD_POLL_MS : false,
    refetchOnWindowFocus: true,
  });
