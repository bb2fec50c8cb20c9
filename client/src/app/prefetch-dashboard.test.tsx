import { waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompanyAccount } from '#shared/company.ts';
import { companyAccountQuery } from '@/features/company/api/get-company-account';
import { createQueryClient } from '@/lib/query-client';
import { answerRequests, companyAccount, companyView, pendingCompany, requestsMade } from '@/test/company-account';
import { prefetchDashboard } from './prefetch-dashboard';

// The page's code is not what is looked at here.
vi.mock('./pages/dashboard', () => ({ default: () => null }));

const SEARCH = ['GET /api/candidates', 'GET /api/candidates/option-counts'];

/** The dashboard opened directly, its company answering `account`; returns the requests made. */
async function openDashboard(account: CompanyAccount) {
  const fetched = answerRequests({ 'GET /api/company/profile': { body: account }, 'GET /api/candidates': { body: {} }, 'GET /api/candidates/option-counts': { body: {} } });
  const queryClient = createQueryClient();
  prefetchDashboard(queryClient, '');
  await waitFor(() => expect(queryClient.getQueryState(companyAccountQuery.queryKey)?.status).toBe('success'));
  // Whatever follows the company's answer is asked for in its promise's callbacks, all run by the event loop's next
  // turn (no timer is waited for).
  await new Promise((resolve) => setImmediate(resolve));
  return requestsMade(fetched);
}

/** This browser saw the company before, with or without access (on its pending page, say). */
async function seenBefore(account: CompanyAccount) {
  answerRequests({ 'GET /api/company/profile': { body: account } });
  await createQueryClient().fetchQuery(companyAccountQuery);
}

afterEach(() => localStorage.clear());

describe('the dashboard opened directly', () => {
  it('asks for the search at once, beside the company, for a company seen with access or never seen', async () => {
    let answer!: () => void;
    const fetched = answerRequests({
      'GET /api/company/profile': () => new Promise<Response>((resolve) => (answer = () => resolve(Response.json(companyAccount())))),
      'GET /api/candidates': { body: {} },
      'GET /api/candidates/option-counts': { body: {} },
    });
    prefetchDashboard(createQueryClient(), '');
    await waitFor(() => expect(requestsMade(fetched)).toEqual(['GET /api/company/profile', ...SEARCH]));
    answer();
    await seenBefore(companyAccount());
    expect(await openDashboard(companyAccount())).toEqual(['GET /api/company/profile', ...SEARCH]);
  });

  it('does not ask a company waiting for its payment to be verified for a search it would be refused', async () => {
    const waiting = companyAccount({ company: pendingCompany() });
    await seenBefore(waiting);
    expect(await openDashboard(waiting)).toEqual(['GET /api/company/profile']);
  });

  it('nor a company whose subscription has ended', async () => {
    const ended = companyAccount({ company: companyView({ subscriptionStatus: 'expired', hasAccess: false }) });
    await seenBefore(ended);
    expect(await openDashboard(ended)).toEqual(['GET /api/company/profile']);
  });

  it('asks for the search once the company it saw waiting now has access', async () => {
    await seenBefore(companyAccount({ company: pendingCompany() }));
    expect(await openDashboard(companyAccount())).toEqual(['GET /api/company/profile', ...SEARCH]);
    // And the next time, at once.
    expect(await openDashboard(companyAccount())).toEqual(['GET /api/company/profile', ...SEARCH]);
  });
});
