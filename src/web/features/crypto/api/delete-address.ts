import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cryptoKeys } from './keys';

/** DELETE /api/crypto/addresses/{id}. */
export const deleteAddress = (id: number) => api.delete<void>(`/api/crypto/addresses/${id}`);

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cryptoKeys.addresses() }),
  });
}
