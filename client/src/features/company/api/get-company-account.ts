import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyAccount } from '#shared/company.ts';

export const companyAccountQuery = queryOptions<CompanyAccount>({ queryKey: ['/api/company/profile'] });

export function useCompanyAccount() {
  return useQuery(companyAccountQuery);
}

/**
 * The account as the server has it now, asked again when the page opens and when the person comes back to its tab:
 * a page that waits for our team (a payment being verified) must not go on showing what was true before.
 */
export function useFreshCompanyAccount() {
  return useQuery({ ...companyAccountQuery, refetchOnMount: 'always', refetchOnWindowFocus: 'always' });
}
