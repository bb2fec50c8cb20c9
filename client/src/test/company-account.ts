// A company's account, its invoices and who is signed in for it, as the API answers them, for the component tests of
// the company's pages; and a network that answers those requests.
import { vi } from 'vitest';
import type { CurrentUser } from '#shared/auth.ts';
import type { CompanyAccount, CompanyView, InvoiceSummary, InvoiceView } from '#shared/company.ts';
import { signedInJobSeeker } from './current-user';

/** An active company whose current period is February 2026. */
export function companyView(changes: Partial<CompanyView> = {}): CompanyView {
  return {
    id: 'company-1',
    companyName: 'Gulf Build Contracting LLC',
    contactPerson: 'Omar Haddad',
    phone: '+971501234567',
    email: 'omar@gulfbuild.example',
    tradeLicenceNumber: null,
    vatNumber: null,
    subscriptionPlan: 'monthly',
    subscriptionStatus: 'active',
    paymentVerifiedAt: '2026-01-31T08:00:00.000Z',
    activatedAt: '2026-01-31T08:00:00.000Z',
    subscriptionStartDate: '2026-02-01',
    subscriptionEndDate: '2026-02-28',
    createdAt: '2026-01-30T08:00:00.000Z',
    hasAccess: true,
    slug: 'gulf-build-contracting-llc',
    licenceIssuer: null,
    licenceExpiresOn: null,
    licenceDocumentPath: null,
    employerVerified: false,
    employerVerifiedAt: null,
    ...changes,
  };
}

/** The company still waiting for its first payment to be verified. */
export const pendingCompany = (changes: Partial<CompanyView> = {}) =>
  companyView({
    subscriptionStatus: 'pending_payment',
    paymentVerifiedAt: null,
    activatedAt: null,
    subscriptionStartDate: null,
    subscriptionEndDate: null,
    hasAccess: false,
    ...changes,
  });

/** The renewal invoice of the active company: March 2026, issued and unpaid. */
export function invoiceView(changes: Partial<InvoiceView> = {}): InvoiceView {
  return {
    id: '5f0c1e7a-8a3b-4c1d-9e2f-0a1b2c3d4e5f',
    number: 'INV-2026-000042',
    status: 'issued',
    issuedAt: '2026-02-20T08:00:00.000Z',
    plan: 'monthly',
    periodStart: '2026-03-01',
    periodEnd: '2026-03-31',
    currency: 'AED',
    subtotalFils: 50_000,
    vatRateBasisPoints: 500,
    vatFils: 2_500,
    totalFils: 52_500,
    seller: {
      name: 'Wazifa FZ-LLC',
      address: 'Dubai',
      trn: '100234567890003',
      email: 'billing@wazifa.example',
      bank: { accountName: 'Wazifa FZ-LLC', iban: 'AE070331234567890123456', bankName: 'Emirates Example Bank', swift: 'EBILAEAD' },
    },
    buyer: { companyName: 'Gulf Build Contracting LLC', contactPerson: 'Omar Haddad', email: 'omar@gulfbuild.example', phone: '+971501234567' },
    bankReference: null,
    paidAt: null,
    paymentDeclaration: null,
    ...changes,
  };
}

export function invoiceSummary(invoice: InvoiceView = invoiceView()): InvoiceSummary {
  const { id, number, status, issuedAt, plan, periodStart, periodEnd, totalFils, paymentDeclaration } = invoice;
  return { id, number, status, issuedAt, plan, periodStart, periodEnd, totalFils, paymentDeclaration };
}

export function companyAccount(changes: Partial<CompanyAccount> = {}): CompanyAccount {
  return { company: companyView(), invoices: [], billing: true, team: { used: 1, seats: { monthly: 2, quarterly: 3, annual: 5 } }, ...changes };
}

/** Signed in as the company's owner (or, with companyRole, a colleague). */
export const signedInCompany = (company: CompanyView, changes: Partial<CurrentUser> = {}) =>
  signedInJobSeeker({ role: 'company', company, companyRole: 'owner', ...changes });

type Answer = { status?: number; body: unknown } | (() => Promise<Response>);

/**
 * The network, answering each "METHOD path" given (the path without its query) and refusing the rest with a 404;
 * returns fetch's mock, to see what was asked.
 */
export function answerRequests(answers: Record<string, Answer>) {
  const fetchMock = vi.fn(async (input: unknown, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const answer = answers[`${init?.method ?? 'GET'} ${url.pathname}`];
    if (typeof answer === 'function') return answer();
    const { status = 200, body } = answer ?? { status: 404, body: { code: 'common.not_found', message: 'Not found' } };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The requests made, as "METHOD path". */
export const requestsMade = (fetchMock: ReturnType<typeof answerRequests>) =>
  fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`);
