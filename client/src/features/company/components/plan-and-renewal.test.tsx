import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CompanyAccount } from '#shared/company.ts';
import { answerRequests, companyAccount, companyView, invoiceSummary, invoiceView, pendingCompany, requestsMade } from '@/test/company-account';
import { renderForReader } from '@/test/render';
import { PlanAndRenewal } from './plan-and-renewal';
import { RenewalPanel } from './renewal-panel';

const renewal = invoiceView();
const PAYMENT = `POST /api/company/invoices/${renewal.id}/payment`;

async function show(ui: React.ReactElement) {
  await renderForReader(ui, { namespaces: ['company'] });
  return userEvent.setup();
}

const withRenewal = (changes: Partial<CompanyAccount> = {}) => companyAccount({ invoices: [invoiceSummary(renewal)], ...changes });

describe("the plan on a company's account", () => {
  it('shows an active company its renewal invoice with what paying it changes, how to pay it, and "I have paid"', async () => {
    const fetched = answerRequests({ [`GET /api/company/invoices/${renewal.id}`]: { body: renewal }, [PAYMENT]: { body: renewal } });
    const user = await show(<PlanAndRenewal account={withRenewal()} />);
    screen.getByRole('heading', { name: 'Your renewal invoice INV-2026-000042 is waiting for payment.' });
    // Access goes on; the new period starts the day after the current one ends, as the invoice says.
    expect(document.body).toHaveTextContent(
      'Your access goes on as it is until February 28, 2026. Once we have verified your payment, your Monthly subscription continues from March 1, 2026 to March 31, 2026.',
    );
    expect(document.body).not.toHaveTextContent('start searching');
    await screen.findByRole('button', { name: 'Copy IBAN' });
    expect(screen.getByRole('link', { name: 'View invoice INV-2026-000042' })).toHaveAttribute('href', `/invoices/${renewal.id}`);

    await user.type(screen.getByLabelText(/Your bank's reference/), 'FT2602AB77');
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    await screen.findByText('Thank you. We are verifying your payment.');
    expect(requestsMade(fetched)).toContain(PAYMENT);
    expect(JSON.parse(String(fetched.mock.calls.at(-1)![1]!.body))).toMatchObject({ bankReference: 'FT2602AB77' });
  });

  it('says that paying was declared, without the form, once the company said it paid', async () => {
    answerRequests({ [`GET /api/company/invoices/${renewal.id}`]: { body: renewal } });
    const declared = invoiceSummary({ ...renewal, paymentDeclaration: { transferDate: '2026-02-22', bankReference: null, declaredAt: '2026-02-22T09:00:00.000Z' } });
    await show(<PlanAndRenewal account={companyAccount({ invoices: [declared] })} />);
    const status = screen.getAllByRole('status').find((element) => element.textContent?.includes('We are verifying'))!;
    expect(status).toHaveTextContent('We are verifying your payment, usually within 24 hours');
    expect(status).toHaveTextContent('You told us you paid invoice INV-2026-000042 on February 22, 2026');
    expect(screen.queryByRole('button', { name: 'I have paid' })).toBeNull();
  });

  it('tells a company whose access has ended that paying opens it again', async () => {
    answerRequests({ [`GET /api/company/invoices/${renewal.id}`]: { body: renewal } });
    await show(<PlanAndRenewal account={withRenewal({ company: companyView({ subscriptionStatus: 'expired', hasAccess: false }) })} />);
    expect(document.body).toHaveTextContent('Once we have verified your payment, your access opens again, on the Monthly plan until March 31, 2026.');
    expect(document.body).not.toHaveTextContent('goes on');
    await screen.findByRole('button', { name: 'I have paid' });
  });

  it('sends a company waiting for its first payment to the page where it pays it', async () => {
    answerRequests({});
    const first = invoiceSummary(invoiceView({ periodStart: '2026-02-01', periodEnd: '2026-02-28' }));
    await show(<PlanAndRenewal account={companyAccount({ company: pendingCompany(), invoices: [first] })} />);
    expect(document.body).toHaveTextContent('Your invoice INV-2026-000042 is waiting for payment.');
    expect(document.body).not.toHaveTextContent('renewal');
    expect(screen.getByRole('link', { name: 'How to pay your invoice' })).toHaveAttribute('href', '/pending');
  });
});

describe('the dashboard of a company whose access ended', () => {
  it('leads to where its renewal invoice is paid', async () => {
    const fetched = answerRequests({});
    await show(<RenewalPanel account={withRenewal({ company: companyView({ subscriptionStatus: 'expired', hasAccess: false }) })} />);
    const panel = screen.getByRole('heading', { name: 'Your subscription has ended' }).closest('section')!;
    expect(panel).toHaveTextContent('Your renewal invoice INV-2026-000042 is waiting for payment.');
    expect(within(panel).getByRole('link', { name: 'How to pay your invoice' })).toHaveAttribute('href', '/account');
    await waitFor(() => expect(requestsMade(fetched)).toEqual([]));
  });
});
