import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SentTip } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { tipKeys } from './keys';

/** Sent tips are cached for 5 minutes, like the addresses (SPEC.md section 9). */
const SENT_TIPS_CACHE_MS = 5 * 60 * 1000;

/** GET /api/user/tips: the tips the signed-in user has sent. */
export const getSentTips = () => api.get<SentTip[]>('/api/user/tips');

export const getSentTipsQueryOptions = () => queryOptions({ queryKey: tipKeys.sent(), queryFn: getSentTips, staleTime: SENT_TIPS_CACHE_MS });

export const useSentTips = () => useQuery(getSentTipsQueryOptions());
