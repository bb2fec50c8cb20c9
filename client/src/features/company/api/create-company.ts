import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyOnboarding, CompanyView, InvoiceView } from '#shared/company.ts';
import { apiRequest } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/auth';

export async function createCompany(input: CompanyOnboarding): Promise<{ company: CompanyView; invoice: InvoiceView }> {
  return (await apiRequest('POST', '/api/company/profile', input)).json();
}

/** The current user carries the company, which routing reads: it is fetched again after onboarding. */
export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
}
