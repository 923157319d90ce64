import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Thread } from '../../../../shared/api.js';
import { THREADS_PER_PAGE, type THREAD_SORTS } from '../../../../shared/constants.js';
import { api } from '../../../lib/api-client';
import { threadKeys } from './keys';

export type ThreadSort = (typeof THREAD_SORTS)[number];

/** GET /api/boards/{code}/threads: one page, sticky threads first. */
export const getBoardThreads = (code: string, page: number, sort: ThreadSort) =>
  api.get<Thread[]>(`/api/boards/${encodeURIComponent(code)}/threads`, { page, limit: THREADS_PER_PAGE, sort });

export const getBoardThreadsQueryOptions = (code: string, page = 1, sort: ThreadSort = 'newest') =>
  queryOptions({ queryKey: threadKeys.boardList(code, page, sort), queryFn: () => getBoardThreads(code, page, sort) });

export const useBoardThreads = (code: string, page: number, sort: ThreadSort) =>
  useQuery({ ...getBoardThreadsQueryOptions(code, page, sort), placeholderData: keepPreviousData });
