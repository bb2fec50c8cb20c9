import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DataExportView, ExportScope } from '#shared/account-data.ts';
import { apiRequest } from '@/lib/api-client';
import { exportsQuery } from './list-exports';

/** POST /api/account/exports: a copy is made in the background and announced by e-mail. */
export async function requestExport(scope: ExportScope): Promise<DataExportView> {
  return (await apiRequest('POST', '/api/account/exports', { scope })).json();
}

export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestExport, onSuccess: () => queryClient.invalidateQueries(exportsQuery) });
}
