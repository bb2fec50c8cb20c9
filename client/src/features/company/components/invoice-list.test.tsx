import { screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { anInvoice } from '@/test/invoices';
import { renderForReader } from '@/test/render';
import { InvoiceList } from './invoice-list';

/** Each term of a list of terms with its value. */
const lines = (list: Element) => [...list.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling!.textContent]);

describe("the company's invoices", () => {
  const invoices = [anInvoice({ id: 'invoice-3', number: 'INV-2026-000003', periodStart: '2027-03-07', periodEnd: '2027-06-06' }), anInvoice({ status: 'paid' })];

  it('on a phone, lists each invoice with its period, total and status as label and value', async () => {
    await renderForReader(<InvoiceList invoices={invoices} />, { namespaces: ['company'] });
    const list = screen.getByRole('list', { name: 'All your invoices' });
    expect(list).toHaveClass('md:hidden');
    expect(screen.getByRole('table', { name: 'All your invoices' })).toHaveClass('hidden', 'md:table');
    const [renewal, first] = within(list).getAllByRole('listitem');
    expect(within(renewal!).getByRole('link', { name: 'INV-2026-000003' })).toHaveAttribute('href', '/invoices/invoice-3');
    expect(lines(renewal!.querySelector('dl')!)).toEqual([
      ['Period', 'Mar 7, 2027 – Jun 6, 2027'],
      ['Total', expect.stringMatching(/^AED\s1,417\.50$/)],
      ['Status', 'Awaiting payment'],
    ]);
    expect(lines(first!.querySelector('dl')!)).toEqual([
      ['Period', 'Dec 7, 2026 – Mar 6, 2027'],
      ['Total', expect.stringMatching(/^AED\s1,417\.50$/)],
      ['Status', 'Paid'],
    ]);
  });
});
