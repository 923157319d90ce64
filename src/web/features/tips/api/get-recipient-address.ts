import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentAddress } from '../../../../shared/api.js';
import { ApiError, api } from '../../../lib/api-client';
import type { TipTarget } from '../tip-target';
import { tipKeys } from './keys';

/**
 * GET /api/threads/{id}/author/crypto-address/ETH or /api/posts/{id}/author/crypto-address/ETH:
 * where a direct tip goes. null when the author has no address for it (404, or 400 for an
 * anonymous author who did not allow it).
 */
export async function getRecipientAddress(target: TipTarget): Promise<string | null> {
  const path = target.kind === 'post' ? `/api/posts/${target.postId}` : `/api/threads/${target.threadId}`;
  try {
    return (await api.get<PaymentAddress>(`${path}/author/crypto-address/ETH`)).address;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const getRecipientAddressQueryOptions = (target: TipTarget) =>
  queryOptions({
    queryKey: tipKeys.recipient(target),
    queryFn: () => getRecipientAddress(target),
    staleTime: 60 * 1000,
  });

export const useRecipientAddress = (target: TipTarget, enabled: boolean) => useQuery({ ...getRecipientAddressQueryOptions(target), enabled });
