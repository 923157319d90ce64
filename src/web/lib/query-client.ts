import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

// SPEC.md section 7: queries never retry, never refetch on focus, and never go
// stale unless a query sets its own staleTime. The server's render uses the same.
export const queryDefaults: DefaultOptions = {
  queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
  mutations: { retry: false },
};

export const queryClient = new QueryClient({ defaultOptions: queryDefaults });
