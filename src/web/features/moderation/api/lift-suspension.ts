import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { moderationKeys } from './keys';

/** DELETE /api/moderation/suspend-author/{id} (admin). */
export const liftSuspension = (id: number) => api.delete<void>(`/api/moderation/suspend-author/${id}`);

export function useLiftSuspension() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: liftSuspension, onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all() }) });
}
