import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IpHashes } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { moderationKeys } from './keys';

/** GET /api/moderation/threads/{id}/ip-hashes: the IP Finder. */
export const getIpHashes = (threadId: number) => api.get<IpHashes>(`/api/moderation/threads/${threadId}/ip-hashes`);

export const getIpHashesQueryOptions = (threadId: number) =>
  queryOptions({ queryKey: moderationKeys.ipHashes(threadId), queryFn: () => getIpHashes(threadId), staleTime: 0 });

export const useIpHashes = (threadId: number | null) => useQuery({ ...getIpHashesQueryOptions(threadId ?? 0), enabled: threadId !== null });
