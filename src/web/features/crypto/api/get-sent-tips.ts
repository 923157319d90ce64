import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SentTip } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { CRYPTO_CACHE_MS } from './get-addresses';

/** GET /api/user/tips: the tips the signed-in user has sent. */
export const getSentTips = () => api.get<SentTip[]>('/api/user/tips');

export const getSentTipsQueryOptions = () => queryOptions({ queryKey: ['crypto', 'sent-tips'], queryFn: getSentTips, staleTime: CRYPTO_CACHE_MS });

export const useSentTips = () => useQuery(getSentTipsQueryOptions());
