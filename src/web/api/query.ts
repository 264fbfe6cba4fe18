import { QueryClient, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from './client.ts';

// Every server read is a query keyed by its JSON API path: the same key on the server
// (filled during SSR, then dehydrated into the page) and in the browser (hydrated).

export type ApiQueryKey = readonly ['api', string];

export function apiQuery<T>(path: string) {
  return queryOptions<T, Error, T, ApiQueryKey>({ queryKey: ['api', path] as const });
}

export function createQueryClient(api: ApiClient): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey, signal }) => api.get((queryKey as ApiQueryKey)[1], { signal }),
        // Data rendered by the server stays fresh for a minute after hydration.
        staleTime: 60_000,
        retry: (failures, error) => failures < 2 && !('code' in error),
        refetchOnWindowFocus: false,
      },
    },
  });
}
