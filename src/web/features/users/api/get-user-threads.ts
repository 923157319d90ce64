import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Thread } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { userKeys } from './keys';

/** Threads per profile page (SPEC.md section 9): Next is disabled below this. */
export const PROFILE_THREADS_PER_PAGE = 10;

/** GET /api/users/{id}/threads?page: signed threads (and the owner's anonymous ones, marked). */
export const getUserThreads = (id: number, page: number) => api.get<Thread[]>(`/api/users/${id}/threads`, { page });

export const getUserThreadsQueryOptions = (id: number, page = 1) =>
  queryOptions({ queryKey: userKeys.threads(id, page), queryFn: () => getUserThreads(id, page) });

export const useUserThreads = (id: number, page: number) => useQuery({ ...getUserThreadsQueryOptions(id, page), placeholderData: keepPreviousData });
