import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BanList } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { moderationKeys } from './keys';

/** GET /api/moderation/banned-ips: the bans in force, newest first. */
export const getBannedIps = () => api.get<BanList>('/api/moderation/banned-ips');

export const getBannedIpsQueryOptions = () => queryOptions({ queryKey: moderationKeys.bannedIps(), queryFn: getBannedIps, staleTime: 0 });

export const useBannedIps = () => useQuery(getBannedIpsQueryOptions());
