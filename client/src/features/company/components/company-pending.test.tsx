import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerRequests, invoiceSummary, invoiceView, requestsMade } from '@/test/company-account';
import { renderForReader } from '@/test/render';
import { CompanyPending } from './company-pending';

const invoice = invoiceView({ plan: 'quarterly', periodStart: '2026-03-11', periodEnd: '2026-06-10', totalFils: 141_750 });
const PAYMENT = `POST /api/company/invoices/${invoice.id}/payment`;
const dateField = () => screen.getByLabelText(/Date of the transfer/) as HTMLInputElement;
const gulfDay = (days: number) => new Date(Date.now() + 4 * 3600 * 1000 + days * 86_400_000).toISOString().slice(0, 10);

async function showPending(summary = invoiceSummary(invoice)) {
  await renderForReader(<CompanyPending invoice={summary} />, { namespaces: ['company'] });
  await screen.findByRole('button', { name: 'Copy IBAN' });
  return userEvent.setup();
}

describe("a company's pending screen", () => {
  it('says what comes next once the company said it paid, with no step asking for the form that is gone', async () => {
    answerRequests({ [`GET /api/company/invoices/${invoice.id}`]: { body: invoice } });
    const declared = { transferDate: '2026-03-10', bankReference: 'FT2611AB77', declaredAt: '2026-03-10T09:00:00.000Z' };
    await showPending(invoiceSummary({ ...invoice, paymentDeclaration: declared }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('We are verifying your payment, usually within 24 hours');
    expect(document.body).not.toHaveTextContent('I have paid');
    expect(screen.queryByRole('button', { name: 'I have paid' })).toBeNull();
  });

  it('says beside the date, not in a toast, that a transfer date to come is refused', async () => {
    const fetched = answerRequests({
      [`GET /api/company/invoices/${invoice.id}`]: { body: invoice },
      [PAYMENT]: { status: 400, body: { code: 'invoice.transfer_in_future', message: 'The date of the transfer cannot be in the future' } },
    });
    const user = await showPending();
    await user.clear(dateField());
    await user.type(dateField(), gulfDay(3));
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    const message = await screen.findByText('The date of the transfer cannot be in the future');
    expect(JSON.parse(String(fetched.mock.calls.at(-1)![1]!.body))).toMatchObject({ transferDate: gulfDay(3) });
    expect(dateField()).toHaveAttribute('aria-invalid', 'true');
    expect(dateField().getAttribute('aria-describedby')).toContain(message.id);
    expect(dateField()).toHaveFocus();
    expect(screen.queryByText('Could not send this. Please try again.')).toBeNull();
  });

  it("offers dates from the day before the invoice to today, as the server takes them (Dubai's day)", async () => {
    answerRequests({ [`GET /api/company/invoices/${invoice.id}`]: { body: invoice } });
    await showPending(invoiceSummary({ ...invoice, issuedAt: '2026-03-09T21:30:00.000Z' }));
    // Issued on 10 March in Dubai (01:30): a transfer of 9 March is taken, 8 March is not.
    expect(dateField()).toHaveAttribute('min', '2026-03-09');
    expect(dateField()).toHaveAttribute('max', gulfDay(0));
  });

  it('sends "I have paid" once when its button is tapped twice before the first has been answered', async () => {
    let answer!: (response: Response) => void;
    const fetched = answerRequests({
      [`GET /api/company/invoices/${invoice.id}`]: { body: invoice },
      [PAYMENT]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = await showPending();
    await user.dblClick(screen.getByRole('button', { name: 'I have paid' }));
    await waitFor(() => expect(requestsMade(fetched)).toContain(PAYMENT));
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    expect(requestsMade(fetched).filter((request) => request === PAYMENT)).toHaveLength(1);

    const declared = { ...invoice, paymentDeclaration: { transferDate: gulfDay(0), bankReference: null, declaredAt: new Date().toISOString() } };
    answer(new Response(JSON.stringify(declared), { status: 200, headers: { 'content-type': 'application/json' } }));
    await screen.findByText('Thank you. We are verifying your payment.');
    expect(requestsMade(fetched).filter((request) => request === PAYMENT)).toHaveLength(1);
  });
});
