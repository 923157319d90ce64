import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyAppeal } from '../../../../shared/api.js';
import type { AppealInput } from '../../../../shared/schemas/moderation.js';
import { api } from '../../../lib/api-client';
import { banKeys } from './keys';

/** POST /api/bans/appeal: one appeal per ban. */
export const appealBan = (input: AppealInput) => api.post<MyAppeal>('/api/bans/appeal', input);

export function useAppealBan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: appealBan, onSuccess: () => queryClient.invalidateQueries({ queryKey: banKeys.all() }) });
}
