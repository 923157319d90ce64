import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Tip } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { TIPS_CACHE_MS } from './get-thread-tips';
import { tipKeys } from './keys';

/** GET /api/threads/{id}/post-tips: the tips on all of a thread's replies, in one request. */
export const getThreadPostTips = (threadId: number) => api.get<Tip[]>(`/api/threads/${threadId}/post-tips`);

export const getThreadPostTipsQueryOptions = (threadId: number) =>
  queryOptions({ queryKey: tipKeys.threadPosts(threadId), queryFn: () => getThreadPostTips(threadId), staleTime: TIPS_CACHE_MS });

/** The tips of one post, picked from its thread's shared list (every post reads the same request). */
export function usePostTips(threadId: number, postId: number) {
  const select = useCallback((tips: Tip[]) => tips.filter((tip) => tip.postId === postId), [postId]);
  return useQuery({ ...getThreadPostTipsQueryOptions(threadId), select });
}
