import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedThread } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { threadKeys } from './keys';

/** GET /api/threads/{id}/saved: whether the signed-in user keeps this thread. */
export const getSaved = (id: number) => api.get<{ isSaved: boolean }>(`/api/threads/${id}/saved`);

export const getSavedQueryOptions = (id: number) => queryOptions({ queryKey: threadKeys.saved(id), queryFn: () => getSaved(id) });

export const useIsSaved = (id: number, enabled: boolean) => useQuery({ ...getSavedQueryOptions(id), enabled });

/** GET /api/user/saved-threads?page. */
export const getSavedThreads = (page: number) => api.get<SavedThread[]>('/api/user/saved-threads', { page });

export const getSavedThreadsQueryOptions = (page = 1) =>
  queryOptions({ queryKey: threadKeys.savedList(page), queryFn: () => getSavedThreads(page) });

export const useSavedThreads = (page: number) => useQuery(getSavedThreadsQueryOptions(page));

/** PUT or DELETE /api/threads/{id}/save. */
export const setSaved = ({ id, save }: { id: number; save: boolean }) =>
  save ? api.put<{ isSaved: boolean }>(`/api/threads/${id}/save`) : api.delete<{ isSaved: boolean }>(`/api/threads/${id}/save`);

export function useSetSaved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSaved,
    onSuccess: async (result, { id }) => {
      queryClient.setQueryData(getSavedQueryOptions(id).queryKey, result);
      await queryClient.invalidateQueries({ queryKey: threadKeys.savedLists() });
    },
  });
}
