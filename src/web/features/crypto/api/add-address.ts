import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CryptoAddress } from '../../../../shared/api.js';
import type { AddAddressInput } from '../../../../shared/schemas/crypto.js';
import { api } from '../../../lib/api-client';
import { cryptoKeys } from './keys';

/** POST /api/crypto/addresses. */
export const addAddress = (input: AddAddressInput) => api.post<CryptoAddress>('/api/crypto/addresses', input);

export function useAddAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cryptoKeys.addresses() }),
  });
}
