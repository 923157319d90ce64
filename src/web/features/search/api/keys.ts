import type { SearchType } from './search';

/** Query keys of the search feature. */
export const searchKeys = {
  results: (query: string, type: SearchType) => ['search', query, type] as const,
};
