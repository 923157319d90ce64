import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Passkey } from '../../../../shared/schemas/webauthn.js';
import { api } from '../../../lib/api-client';
import { addPasskey } from './ceremonies';

export const passkeyKeys = { all: () => ['passkeys'] as const };

const passkeysQueryOptions = () => queryOptions({ queryKey: passkeyKeys.all(), queryFn: () => api.get<Passkey[]>('/api/webauthn/passkeys') });

/** GET /api/webauthn/passkeys: the signed-in user's. */
export const usePasskeys = () => useQuery(passkeysQueryOptions());

function useRefreshingMutation<T, V>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all() }) });
}

export const useAddPasskey = () => useRefreshingMutation((name: string) => addPasskey(name));
export const useRenamePasskey = () => useRefreshingMutation(({ id, name }: { id: number; name: string }) => api.patch<Passkey>(`/api/webauthn/passkeys/${id}`, { name }));
export const useRemovePasskey = () => useRefreshingMutation((id: number) => api.delete<undefined>(`/api/webauthn/passkeys/${id}`));
