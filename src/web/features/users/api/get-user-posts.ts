import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Post } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { userKeys } from './keys';

/** Posts per profile page (SPEC.md section 9): Next is disabled below this. */
export const PROFILE_POSTS_PER_PAGE = 20;

export type ProfilePost = Post & { threadTitle: string };

/** GET /api/users/{id}/posts?page: replies with the title of their thread. */
export const getUserPosts = (id: number, page: number) => api.get<ProfilePost[]>(`/api/users/${id}/posts`, { page });

export const getUserPostsQueryOptions = (id: number, page = 1) =>
  queryOptions({ queryKey: userKeys.posts(id, page), queryFn: () => getUserPosts(id, page) });

export const useUserPosts = (id: number, page: number, enabled = true) =>
  useQuery({ ...getUserPostsQueryOptions(id, page), placeholderData: keepPreviousData, enabled });
