import type { ThreadDetail } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';

/** GET /api/threads/{id}?after={postId}: the posts after the last loaded one ('Load More Replies'). */
export const getPostsAfter = async (threadId: number, after: number) =>
  (await api.get<ThreadDetail>(`/api/threads/${threadId}`, { after })).posts;
