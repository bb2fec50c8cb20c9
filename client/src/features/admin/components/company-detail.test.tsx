import { screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { AdminCompanyDetail, Page, AdminCompanyItem } from '#shared/admin.ts';
import { answerRequests } from '@/test/api-answers';
import { aCompany, anInvoice } from '@/test/invoices';
import { renderForReader } from '@/test/render';
import { CompanyDetail } from './company-detail';
import { CompanyList } from './company-list';

const detail: AdminCompanyDetail = {
  company: aCompany(),
  invoices: [
    anInvoice({ id: 'invoice-3', number: 'INV-2026-000003', periodStart: '2027-03-07', periodEnd: '2027-06-06' }),
    anInvoice({ id: 'invoice-1', number: 'INV-2026-000001', status: 'paid', bankReference: 'FT26120700001', paidAt: '2026-12-07T05:40:00.000Z' }),
  ],
};

const show = (language: 'en' | 'ar' = 'en') => renderForReader(<CompanyDetail detail={detail} />, { language, namespaces: ['admin'] });
/** The value of a line of the company's details (the page's first list of terms). */
const field = (name: string) => within(document.querySelector('dl')!).getByText(name, { selector: 'dt' }).nextElementSibling!;
/** Text as read, without the isolates i18next puts around values in right-to-left languages. */
const read = (element: Element) => element.textContent!.replace(/[\u2068\u2069]/g, '');

describe("a company's page in the console", () => {
  it('writes dates as the reader reads them, and the account with its status in their language', async () => {
    await show();
    expect(field('Period')).toHaveTextContent('Dec 7, 2026 – Mar 6, 2027');
    expect(field('Account')).toHaveTextContent('owner1@acme-qa.test (Pending)');
  });

  it('translates the account’s status in Arabic, the address kept left to right', async () => {
    await show('ar');
    const account = field('الحساب');
    expect(read(account)).toBe('owner1@acme-qa.test (قيد الانتظار)');
    expect(account.querySelector('bdi[dir="ltr"]')).toHaveTextContent('owner1@acme-qa.test');
  });

  it('lists the invoices on a phone as label and value lines, each with its whole period, total and status', async () => {
    await show();
    const list = screen.getByRole('list', { name: 'Invoices' });
    // Only on a phone; the table from a small tablet up.
    expect(list).toHaveClass('sm:hidden');
    expect(screen.getByRole('table', { name: 'Invoices' })).toHaveClass('hidden', 'sm:table');
    const [renewal, paid] = within(list).getAllByRole('listitem');
    const lines = (item: HTMLElement) => [...item.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling!.textContent]);
    expect(lines(renewal!)).toEqual([
      ['Period', 'Mar 7, 2027 – Jun 6, 2027'],
      ['Total', expect.stringMatching(/^AED\s1,417\.50$/)],
      ['Status', 'Awaiting payment'],
    ]);
    expect(lines(paid!)).toEqual([
      ['Period', 'Dec 7, 2026 – Mar 6, 2027'],
      ['Total', expect.stringMatching(/^AED\s1,417\.50$/)],
      ['Status', 'PaidFT26120700001'],
    ]);
    expect(within(renewal!).getByRole('link', { name: 'INV-2026-000003' })).toHaveAttribute('href', '/invoices/invoice-3');
  });

  it('keeps each invoice number one left-to-right run in Arabic, never broken at its hyphens', async () => {
    await show('ar');
    const numbers = screen.getAllByRole('link', { name: /^INV-2026-/ });
    // Two invoices, in the phone's list and in the table.
    expect(numbers).toHaveLength(4);
    for (const number of numbers) {
      expect(number).toHaveAttribute('dir', 'ltr');
      expect(number).toHaveClass('whitespace-nowrap');
    }
  });
});

describe('the list of companies', () => {
  it("writes the subscription's last day as the reader reads dates", async () => {
    answerRequests({ '/api/admin/companies': { items: [aCompany()], total: 1, nextCursor: null } satisfies Page<AdminCompanyItem> });
    await renderForReader(<CompanyList />, { namespaces: ['admin'] });
    expect(await screen.findByText('until Mar 6, 2027')).toBeInTheDocument();
  });
});
