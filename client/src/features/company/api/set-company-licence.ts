import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyView } from '#shared/company.ts';
import type { CompanyLicenceInput } from '#shared/employers.ts';
import { apiRequest } from '@/lib/api-client';
import { companyAccountQuery } from './get-company-account';

/** PUT /api/company/licence: the trade licence for our team to check. */
export async function setCompanyLicence(input: CompanyLicenceInput): Promise<CompanyView> {
  return (await apiRequest('PUT', '/api/company/licence', input)).json();
}

export function useSetCompanyLicence() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setCompanyLicence, onSuccess: () => queryClient.invalidateQueries(companyAccountQuery) });
}
