import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';

/** POST /api/posts as multipart: threadId, content, isAnonymous, optional replyToId and image. */
export const createPost = (form: FormData) => api.post<Post>('/api/posts', form);

/** The thread detail's key (threads feature); kept literal here as features do not import each other. */
export const threadDetailKey = (threadId: number) => ['threads', 'detail', threadId] as const;

export function useCreatePost(threadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: threadDetailKey(threadId) }),
  });
}
