import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditConflict, Post, Thread } from '../../../../shared/api.js';
import type { EditPostInput, EditThreadInput } from '../../../../shared/schemas/editing.js';
import { api, ApiError } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';
import { editingKeys, type EditTarget, pathOf } from './keys';

/** The text an edit form holds, of a thread or a post. */
export type Editable = Thread | Post;

/** PATCH /api/threads/{id} or /api/posts/{id} (CONTRACT.md section 14): the updated object. */
export const editContent = (target: EditTarget, input: EditThreadInput | EditPostInput) => api.patch<Editable>(pathOf(target), { ...input });

/** The current text when an edit was based on an older version (409), else null. */
export function editedElsewhere(error: unknown): Editable | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as Partial<EditConflict<Editable>> | null;
  return body?.current ?? null;
}

/** Saves an edit; the thread page and the history refresh, whatever the answer (a 409 means the page is behind too). */
export function useEditContent(target: EditTarget) {
  const queryClient = useQueryClient();
  const threadId = target.kind === 'thread' ? target.id : target.threadId;
  return useMutation({
    mutationFn: (input: EditThreadInput | EditPostInput) => editContent(target, input),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedKeys.threadDetail(threadId) }),
        queryClient.invalidateQueries({ queryKey: editingKeys.history(target) }),
      ]),
  });
}
