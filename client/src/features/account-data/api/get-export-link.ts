import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExportLinkView } from '#shared/account-data.ts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/exports/:id?expires&signature: what the e-mailed link offers, while it works. */
export const exportLinkQuery = (id: string, query: string) =>
  queryOptions<ExportLinkView>({
    queryKey: ['/api/exports', id, query],
    queryFn: async () => (await apiRequest('GET', `/api/exports/${encodeURIComponent(id)}?${query}`)).json(),
    retry: false,
  });

export function useExportLink(id: string, query: string) {
  return useQuery(exportLinkQuery(id, query));
}
