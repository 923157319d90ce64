import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { postKeys } from './keys';

/** POST /api/posts as multipart: threadId, content, isAnonymous, optional replyToId and image. */
export const createPost = (form: FormData) => api.post<Post>('/api/posts', form);

export function useCreatePost(threadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.thread(threadId) }),
  });
}
