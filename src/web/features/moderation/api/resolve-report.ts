import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Report } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { moderationKeys } from './keys';

/** PATCH /api/moderation/reports/{id}: close a report as resolved or dismissed. */
export const resolveReport = ({ id, status }: { id: number; status: 'resolved' | 'dismissed' }) =>
  api.patch<Report>(`/api/moderation/reports/${id}`, { status });

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resolveReport, onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all() }) });
}
