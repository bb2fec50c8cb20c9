import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

// The product's data rules: no refetch interval, no refetch on focus, never stale, no retries.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
        // Offline, a request fails at once and the page says so with Try again; react-query's default would pause it
        // until the browser says it is online again, and the page would spin without end.
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
