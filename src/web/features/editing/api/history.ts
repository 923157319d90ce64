import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Revision } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { editingKeys, type EditTarget, pathOf } from './keys';

/** GET .../history: the earlier versions, newest first, for the author only. */
export const getHistory = (target: EditTarget) => api.get<Revision[]>(`${pathOf(target)}/history`);

export const useHistory = (target: EditTarget, enabled: boolean) =>
  useQuery({ queryKey: editingKeys.history(target), queryFn: () => getHistory(target), enabled, staleTime: 0 });

/** DELETE .../history: every earlier version erased for good. */
export function useEraseHistory(target: EditTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>(`${pathOf(target)}/history`),
    onSuccess: () => queryClient.setQueryData<Revision[]>(editingKeys.history(target), []),
  });
}
