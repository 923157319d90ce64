import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BanPreview, BanScope } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { moderationKeys } from './keys';

/** GET /api/moderation/ban-ip/preview: how many known IP hashes a ban of that scope covers. */
export const getBanPreview = (ipHash: string, scope: BanScope) => api.get<BanPreview>('/api/moderation/ban-ip/preview', { ipHash, scope });

export const getBanPreviewQueryOptions = (ipHash: string, scope: BanScope) =>
  queryOptions({ queryKey: moderationKeys.banPreview(ipHash, scope), queryFn: () => getBanPreview(ipHash, scope), staleTime: 0, retry: false });

export const useBanPreview = (ipHash: string, scope: BanScope) => useQuery(getBanPreviewQueryOptions(ipHash, scope));
