import { QueryClient } from '@tanstack/react-query';

// SPEC.md section 7: queries never retry, never refetch on focus, and never go
// stale unless a query sets its own staleTime.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
    mutations: { retry: false },
  },
});
