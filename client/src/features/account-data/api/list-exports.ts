import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataExportView } from '#shared/account-data.ts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/account/exports: the latest copy of each kind the account asked for. */
export const exportsQuery = queryOptions<{ items: DataExportView[] }>({
  queryKey: ['/api/account/exports'],
  queryFn: async () => (await apiRequest('GET', '/api/account/exports')).json(),
  // Asked again while a copy is being made: it takes a minute or two.
  refetchInterval: (query) => (query.state.data?.items.some((item) => item.state === 'preparing') ? 4000 : false),
});

export function useExports() {
  return useQuery(exportsQuery);
}
