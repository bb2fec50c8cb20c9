import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceView } from '#shared/company.ts';
import type { PlanId } from '#shared/constants.ts';
import { apiRequest } from '@/lib/api-client';
import { companyAccountQuery } from './get-company-account';

/** POST /api/company/renewal: the next period's invoice, for the current plan or the one given. */
export async function requestRenewal(plan?: PlanId): Promise<{ invoice: InvoiceView }> {
  return (await apiRequest('POST', '/api/company/renewal', plan ? { plan } : undefined)).json();
}

export function useRequestRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestRenewal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyAccountQuery.queryKey }),
  });
}
