import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CryptoAddress } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { cryptoKeys } from './keys';

/** Addresses are cached for 5 minutes (SPEC.md section 9). */
const CRYPTO_CACHE_MS = 5 * 60 * 1000;

/** GET /api/crypto/addresses: the signed-in user's receiving addresses. */
export const getAddresses = () => api.get<CryptoAddress[]>('/api/crypto/addresses');

export const getAddressesQueryOptions = () =>
  queryOptions({ queryKey: cryptoKeys.addresses(), queryFn: getAddresses, staleTime: CRYPTO_CACHE_MS });

export const useAddresses = () => useQuery(getAddressesQueryOptions());
