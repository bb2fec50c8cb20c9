import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyAccount } from '#shared/company.ts';
import { getQueryFn } from '@/lib/api-client';

// Whether the company last seen in this browser could search the database, for the dashboard opened directly: its
// search is asked for before the app knows who is signed in, and a company without access would be refused it.
const ACCESS_KEY = 'wazifa.companyAccess';

function rememberAccess(hasAccess: boolean): void {
  try {
    localStorage.setItem(ACCESS_KEY, hasAccess ? 'yes' : 'no');
  } catch {
    // No storage (private browsing): the dashboard asks for its search at once, as for a company with access.
  }
}

/** True when the company last seen in this browser had no access (waiting for its first payment, or ended). */
export function lastSeenWithoutAccess(): boolean {
  try {
    return localStorage.getItem(ACCESS_KEY) === 'no';
  } catch {
    return false;
  }
}

const fetchAccount = getQueryFn<CompanyAccount>({ on401: 'throw' });

export const companyAccountQuery = queryOptions<CompanyAccount>({
  queryKey: ['/api/company/profile'],
  queryFn: async (context) => {
    const account = (await fetchAccount(context))!;
    rememberAccess(account.company.hasAccess);
    return account;
  },
});

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
