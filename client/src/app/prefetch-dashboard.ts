// What the dashboard opened directly needs, asked for at once and side by side with "who is signed in": without it
// the page waited for the user, then its code, then the company, then the search, one after the other on a phone's
// slow round trips. A visitor who is not a company gets a refusal here and the sign-in page as before.
import type { QueryClient } from '@tanstack/react-query';
import { candidateSearchQuery } from '@/features/candidates/api/search-candidates';
import { optionCountsQuery } from '@/features/candidates/api/get-option-counts';
import { readSearchState } from '@/features/candidates/search-state';
import { companyAccountQuery, lastSeenWithoutAccess } from '@/features/company/api/get-company-account';

export function prefetchDashboard(queryClient: QueryClient, search: string): void {
  const { filters } = readSearchState(search.replace(/^\?/, ''));
  void import('./pages/dashboard');
  const account = queryClient.fetchQuery(companyAccountQuery);
  const searchNow = () => {
    void queryClient.prefetchInfiniteQuery(candidateSearchQuery(filters));
    void queryClient.prefetchQuery(optionCountsQuery(filters));
  };
  // A company this browser last saw without access (its payment not yet verified, its subscription ended) would be
  // refused the search, a 403 and an error in the console on the way to its own page: its search waits for the
  // company, and is asked for only if access has opened since.
  if (lastSeenWithoutAccess()) {
    account.then(
      ({ company }) => company.hasAccess && searchNow(),
      () => {},
    );
  } else {
    account.catch(() => {});
    searchNow();
  }
}
