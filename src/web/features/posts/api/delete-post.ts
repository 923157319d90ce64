import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postKeys } from './keys';

/** DELETE /api/posts/{id} (its author or an admin); the thread is refetched to show the placeholder. */
export const deletePost = (id: number) => api.delete<void>(`/api/posts/${id}`);

export function useDeletePost(threadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.thread(threadId) }),
  });
}
