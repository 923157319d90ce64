import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appeal } from '../../../../shared/api.js';
import type { AppealDecisionInput } from '../../../../shared/schemas/moderation.js';
import { api } from '../../../lib/api-client';
import { moderationKeys } from './keys';

/** PATCH /api/moderation/appeals/{id}: accepting lifts the ban. */
export const decideAppeal = ({ id, ...decision }: AppealDecisionInput & { id: number }) => api.patch<Appeal>(`/api/moderation/appeals/${id}`, decision);

export function useDecideAppeal() {
  const queryClient = useQueryClient();
  // The queue, the banned list (an accepted appeal lifts a ban) and the log all change.
  return useMutation({ mutationFn: decideAppeal, onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all() }) });
}
