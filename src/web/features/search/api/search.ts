import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResults } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { searchKeys } from './keys';

export type SearchType = 'all' | 'threads' | 'posts';

/** GET /api/search?query=&type=. */
export const search = (query: string, type: SearchType) => api.get<SearchResults>('/api/search', { query, type });

export const getSearchQueryOptions = (query: string, type: SearchType) =>
  queryOptions({ queryKey: searchKeys.results(query, type), queryFn: () => search(query, type), staleTime: 30_000 });

export const useSearch = (query: string, type: SearchType, enabled: boolean) => useQuery({ ...getSearchQueryOptions(query, type), enabled });
