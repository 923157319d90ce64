import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuspensionCreated } from '../../../../shared/api.js';
import type { SuspendAuthorInput } from '../../../../shared/schemas/moderation.js';
import { api } from '../../../lib/api-client';
import { moderationKeys } from './keys';

/** POST /api/moderation/suspend-author (admin): the author of an anonymous thread or post, never named. */
export const suspendAuthor = (input: SuspendAuthorInput) => api.post<SuspensionCreated>('/api/moderation/suspend-author', input);

export function useSuspendAuthor() {
  const queryClient = useQueryClient();
  // The suspensions list and the log change.
  return useMutation({ mutationFn: suspendAuthor, onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all() }) });
}
