import { screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '#shared/auth.ts';
import {
  answerRequests,
  companyAccount,
  companyView,
  invoiceSummary,
  invoiceView,
  pendingCompany,
  signedInCompany,
} from '@/test/company-account';
import { renderForReader } from '@/test/render';
import { App } from './App';

// The dashboard stands for itself: what matters here is who is led there.
vi.mock('./pages/dashboard', () => ({ default: () => <h1>Job Seeker Database</h1> }));

/** Whether the page said, at any moment, that the account is under review. */
function watchForUnderReview() {
  const seen = { underReview: false };
  const observer = new MutationObserver(() => {
    seen.underReview ||= document.body.textContent?.includes('Account Under Review') ?? false;
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return { seen, stop: () => observer.disconnect() };
}

async function openPending(user: CurrentUser) {
  const watch = watchForUnderReview();
  await renderForReader(<App />, { user, namespaces: ['common', 'pending', 'company'] });
  return watch;
}

beforeEach(() => {
  history.replaceState(null, '', '/pending');
  // Each new page scrolls to the top, which jsdom does not do (and says so).
  vi.stubGlobal('scrollTo', () => {});
});
afterEach(() => history.replaceState(null, '', '/'));

// A page's code is loaded (and, here, compiled) the first time it is opened.
const PAGE_LOADS = { timeout: 5000 };
const paidInvoice = invoiceSummary(invoiceView({ status: 'paid', periodStart: '2026-02-01', periodEnd: '2026-02-28' }));

describe('/pending for a company', () => {
  it.each(['owner', 'member'] as const)('leads the %s of an active company to its dashboard, never saying it is under review', async (role) => {
    answerRequests({ 'GET /api/company/profile': { body: companyAccount({ billing: role === 'owner', invoices: role === 'owner' ? [paidInvoice] : [] }) } });
    const watch = await openPending(signedInCompany(companyView(), { companyRole: role }));
    await screen.findByRole('heading', { name: 'Job Seeker Database' }, PAGE_LOADS);
    expect(location.pathname).toBe('/dashboard');
    watch.stop();
    expect(watch.seen.underReview).toBe(false);
  });

  it('leads a company verified since the app learnt who is signed in (a tab left open) to its dashboard', async () => {
    const verified = companyView();
    answerRequests({
      'GET /api/company/profile': { body: companyAccount({ company: verified, invoices: [paidInvoice] }) },
      'GET /api/auth/user': { body: signedInCompany(verified) },
    });
    const watch = await openPending(signedInCompany(pendingCompany()));
    await screen.findByRole('heading', { name: 'Job Seeker Database' }, PAGE_LOADS);
    expect(location.pathname).toBe('/dashboard');
    watch.stop();
    expect(watch.seen.underReview).toBe(false);
  });

  it('still shows a company waiting for its first payment how to pay its invoice', async () => {
    const invoice = invoiceView({ periodStart: '2026-03-11', periodEnd: '2026-04-10' });
    answerRequests({
      'GET /api/company/profile': { body: companyAccount({ company: pendingCompany(), invoices: [invoiceSummary(invoice)] }) },
      [`GET /api/company/invoices/${invoice.id}`]: { body: invoice },
    });
    await openPending(signedInCompany(pendingCompany()));
    await screen.findByRole('heading', { name: 'Pay your invoice to start searching' }, PAGE_LOADS);
    await screen.findByRole('button', { name: 'I have paid' });
    expect(location.pathname).toBe('/pending');
  });
});
