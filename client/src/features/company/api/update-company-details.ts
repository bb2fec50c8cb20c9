import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyDetailsInput, CompanyView } from '#shared/company.ts';
import { apiRequest } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/auth';
import { companyAccountQuery } from './get-company-account';

/** PATCH /api/company/profile: the company's details (the next invoices carry them). */
export async function updateCompanyDetails(input: CompanyDetailsInput): Promise<CompanyView> {
  return (await apiRequest('PATCH', '/api/company/profile', input)).json();
}

export function useUpdateCompanyDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyDetails,
    onSuccess: () => Promise.all([queryClient.invalidateQueries(companyAccountQuery), queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey })]),
  });
}
