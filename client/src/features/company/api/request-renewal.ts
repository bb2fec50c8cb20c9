import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceView } from '#shared/company.ts';
import { apiRequest } from '@/lib/api-client';
import { companyAccountQuery } from './get-company-account';

export async function requestRenewal(): Promise<{ invoice: InvoiceView }> {
  return (await apiRequest('POST', '/api/company/renewal')).json();
}

export function useRequestRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestRenewal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyAccountQuery.queryKey }),
  });
}
