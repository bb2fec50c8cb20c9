import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyAccount } from '#shared/company.ts';

export const companyAccountQuery = queryOptions<CompanyAccount>({ queryKey: ['/api/company/profile'] });

export function useCompanyAccount() {
  return useQuery(companyAccountQuery);
}
